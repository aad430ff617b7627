import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Marks an item of a list whose focus the hook keeps: `<li {...focusItem}>`. */
export const focusItem = { 'data-focus-item': '' } as const;

interface Place {
  el: HTMLElement;
  index: number;
  /** The control's role in its item (its data-focus-slot), to find the same one in the next item; null: its first control. */
  slot: string | null;
}

const focusable =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function itemsOf(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('[data-focus-item]')];
}

function usable(el: HTMLElement): boolean {
  return el.isConnected && !el.matches(':disabled');
}

/**
 * Where focus goes when `place` left: the same control of the item now at its place, else that item's
 * first control, else the item, else the list. A control disabled while its action runs cannot take
 * focus: its item holds it (`now`) and the control takes it once enabled (`later`).
 */
function successor(container: HTMLElement, place: Place): { now: HTMLElement; later?: HTMLElement } {
  const items = itemsOf(container);
  if (items.length === 0) return { now: withTabIndex(container) };
  const item = items[Math.min(place.index, items.length - 1)]!;
  return holdOrTake(item, place.slot ? item.querySelector<HTMLElement>(`[data-focus-slot="${place.slot}"]`) : null);
}

function holdOrTake(item: HTMLElement, control: HTMLElement | null): { now: HTMLElement; later?: HTMLElement } {
  if (control && usable(control)) return { now: control };
  if (control) return { now: withTabIndex(item), later: control };
  const first = item.querySelector<HTMLElement>(focusable);
  if (first) return { now: first };
  const busy = item.querySelector<HTMLElement>('button:disabled');
  return busy ? { now: withTabIndex(item), later: busy } : { now: withTabIndex(item) };
}

function withTabIndex(el: HTMLElement): HTMLElement {
  if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
  return el;
}

/** Nobody holds focus: it fell to <body> (its element left the page or was disabled). */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Keeps the keyboard player's place in a list whose items come and go (ui.md: focus goes where the
 * player acts next, never back to the top of the page). The hook remembers the last control focused
 * inside `container`; when that control leaves the page (its item was sold, destroyed or opened) and
 * focus fell to <body>, focus moves to the same control of the item now at its place, else that item's
 * first control, else the list. A control disabled while its action runs gets focus back once enabled.
 * `restoreTarget` is what a dialog opened from the list hands focus back to when it closes.
 */
export function useFocusSuccessor(container: RefObject<HTMLElement | null>): {
  restoreTarget: () => HTMLElement | null;
} {
  const place = useRef<Place | null>(null);
  const released = useRef(false);
  const later = useRef<{ el: HTMLElement; holder: HTMLElement } | null>(null);

  const target = useCallback((): HTMLElement | null => {
    const root = container.current;
    const p = place.current;
    if (!root || !p) return null;
    if (usable(p.el)) return p.el;
    const item = p.el.closest<HTMLElement>('[data-focus-item]');
    const next = p.el.isConnected && item ? holdOrTake(item, p.el) : successor(root, p);
    later.current = next.later ? { el: next.later, holder: next.now } : null;
    return next.now;
  }, [container]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target as HTMLElement;
      const item = el.closest<HTMLElement>('[data-focus-item]');
      const index = item ? itemsOf(root).indexOf(item) : (place.current?.index ?? 0);
      // An item holding focus for its busy control keeps the control's slot.
      const slot = el.dataset.focusSlot ?? (el === item ? (place.current?.slot ?? null) : null);
      place.current = { el, index: Math.max(0, index), slot };
      released.current = false;
    };
    // Focus sent nowhere while the control is still there and enabled (a click on the page, another
    // window): the player left the list on purpose, so nothing is taken back later.
    const onFocusOut = (event: FocusEvent) => {
      const p = place.current;
      if (!p || event.target !== p.el || event.relatedTarget) return;
      queueMicrotask(() => {
        if (place.current === p && usable(p.el)) released.current = true;
      });
    };
    const recover = () => {
      const waiting = later.current;
      if (waiting?.el.isConnected) {
        if (!usable(waiting.el)) return;
        later.current = null;
        if (document.activeElement === waiting.holder || focusIsLost()) waiting.el.focus();
        return;
      }
      later.current = null;
      if (!place.current || released.current || !focusIsLost()) return;
      if (place.current.el.isConnected && place.current.el.matches(':disabled')) {
        later.current = { el: place.current.el, holder: place.current.el };
        return;
      }
      target()?.focus();
    };
    const observer = new MutationObserver(recover);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [container, target]);

  return { restoreTarget: target };
}
