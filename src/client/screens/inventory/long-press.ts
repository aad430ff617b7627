/** How far a pointer may wander (px) and still count as a press, not a scroll or drag. */
export const longPressMoveTolerancePx = 10;

export interface LongPressDeps {
  delayMs: number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  onLongPress(): void;
}

/**
 * A press held for `delayMs` (spec §9: 800 ms) without moving fires onLongPress once. Pointer events
 * carry mouse, pen and touch alike. `release` answers whether the press fired, so the click that
 * follows it can be swallowed instead of toggling the item straight back.
 */
export function createLongPress(deps: LongPressDeps) {
  let timer: unknown = null;
  let origin: { x: number; y: number } | null = null;
  let fired = false;

  const stop = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    origin = null;
  };

  return {
    press(x: number, y: number) {
      stop();
      fired = false;
      origin = { x, y };
      timer = deps.setTimer(() => {
        timer = null;
        fired = true;
        deps.onLongPress();
      }, deps.delayMs);
    },
    move(x: number, y: number) {
      if (!origin) return;
      if (Math.hypot(x - origin.x, y - origin.y) > longPressMoveTolerancePx) stop();
    },
    /** The pointer went up: true when the long press had fired (swallow the click). */
    release(): boolean {
      const wasFired = fired;
      stop();
      fired = false;
      return wasFired;
    },
    cancel() {
      stop();
      fired = false;
    },
  };
}
export type LongPress = ReturnType<typeof createLongPress>;
