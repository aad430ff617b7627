import { useEffect, useRef } from 'react';

/**
 * Moves focus to the screen's one h1 (ui.md), so a keyboard or screen-reader user starts on the new
 * screen instead of on <body> or the SYSTEM button (7g). The heading gets tabIndex=-1:
 * focusable by script, never a tab stop, and shows the cyan ring while it holds focus (base.css), so a
 * keyboard player sees where they are. Returns whether a heading was found.
 */
export function focusScreenHeading(root: ParentNode = document): boolean {
  // A screen whose main act is typing (settings, Terminal, Ping) may already have put focus in its field:
  // that is where the player acts next, so the heading does not take it back.
  const active = document.activeElement;
  if (
    active instanceof HTMLElement &&
    active.closest('#main') &&
    active.matches('input, textarea, select, [contenteditable="true"]')
  )
    return true;
  const heading = root.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/** How long a screen's heading is waited for (a lazy chunk on a slow link) before focus stays put. */
const headingWaitMs = 10_000;

/**
 * Focuses the heading whenever `screenKey` changes (a route change, signing in or out), but not on
 * the first screen of a page load or while the session is still loading: the browser's own start
 * position is right there. The Mainframe's 0/1 keys listen on the window, so they keep working.
 */
export function useFocusHeadingOnChange(screenKey: string, settled: boolean, focusFirst = false): void {
  // focusFirst: the first screen follows a sign-in (the game loaded after the login form), not a page load.
  const previous = useRef<string | null>(focusFirst ? '' : null);
  useEffect(() => {
    if (!settled) return;
    const before = previous.current;
    previous.current = screenKey;
    if (before === null || before === screenKey) return;
    if (focusScreenHeading()) return;
    // A lazily loaded screen shows its heading once its chunk arrives: focus it then.
    const main = document.getElementById('main');
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (focusScreenHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), headingWaitMs);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [screenKey, settled]);
}
