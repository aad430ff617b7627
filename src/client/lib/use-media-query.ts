import { useSyncExternalStore } from 'react';
import { balance } from '../../core/balance';

/** Whether a CSS media query matches, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** spec §9: phones are under 768 px wide. */
export const narrowScreenQuery = `(max-width: ${balance.mobileBreakpointPx - 0.02}px)`;

export function useIsNarrowScreen(): boolean {
  return useMediaQuery(narrowScreenQuery);
}
