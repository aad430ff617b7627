import { useCallback, useEffect, useMemo, useRef } from 'react';
import { openZoom } from './kernel-model';
import { readUrlView, writeUrlView, type UrlView } from './kernel-url';
import type { ValueStore } from './value-store';

const settleMs = 250;

/**
 * The view in the address bar (ADR 066): read once on arrival, then rewritten with replaceState a
 * moment after the view settles — one history entry for the screen, not one per pan.
 */
export function useUrlView(store: ValueStore<UrlView | null>) {
  const start = useMemo(() => readUrlView(window.location.search, openZoom()), []);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onView = useCallback(
    (view: UrlView) => {
      store.set(view);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        if (!window.location.pathname.endsWith('/kernel')) return;
        // The router's own state rides along, so its back/forward bookkeeping stays intact.
        window.history.replaceState(
          window.history.state,
          '',
          `${window.location.pathname}${writeUrlView(window.location.search, view)}${window.location.hash}`,
        );
      }, settleMs);
    },
    [store],
  );
  return { start, onView };
}
