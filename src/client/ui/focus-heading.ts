import { useEffect, useRef } from 'react';

/**
 * Moves focus to the screen's one h1 (ui.md), so a keyboard or screen-reader user starts on the new
 * screen instead of on <body> or the SYSTEM button (issue 6, 7g). The heading gets tabIndex=-1:
 * focusable by script, never a tab stop. Returns whether a heading was found.
 */
export function focusScreenHeading(root: ParentNode = document): boolean {
  const heading = root.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/**
 * Focuses the heading whenever `screenKey` changes (a route change, signing in or out), but not on
 * the first screen of a page load or while the session is still loading: the browser's own start
 * position is right there. The Mainframe's 0/1 keys listen on the window, so they keep working.
 */
export function useFocusHeadingOnChange(screenKey: string, settled: boolean): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!settled) return;
    const before = previous.current;
    previous.current = screenKey;
    if (before === null || before === screenKey) return;
    focusScreenHeading();
  }, [screenKey, settled]);
}
