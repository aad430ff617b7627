import { describe, expect, it } from 'vitest';
import { createLongPress } from './long-press';

/** A hand-driven clock: timers run when the test advances time. */
function fakeTimers() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  return {
    setTimer: (run: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(id);
          t.run();
        }
      }
    },
  };
}

function setup() {
  const clock = fakeTimers();
  let fired = 0;
  const press = createLongPress({
    delayMs: 800,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    onLongPress: () => fired++,
  });
  return { clock, press, fired: () => fired };
}

describe('long press (spec §9: 800 ms)', () => {
  it('fires once after 800 ms held, and the release swallows the click', () => {
    const { clock, press, fired } = setup();
    press.press(10, 10);
    clock.advance(799);
    expect(fired()).toBe(0);
    clock.advance(1);
    expect(fired()).toBe(1);
    expect(press.release()).toBe(true);
    expect(press.release()).toBe(false);
  });

  it('does not fire on a short tap, which stays a click', () => {
    const { clock, press, fired } = setup();
    press.press(10, 10);
    clock.advance(300);
    expect(press.release()).toBe(false);
    clock.advance(1000);
    expect(fired()).toBe(0);
  });

  it('is cancelled by moving away (a scroll) or leaving the item', () => {
    const { clock, press, fired } = setup();
    press.press(10, 10);
    press.move(14, 14);
    clock.advance(400);
    press.move(10, 40);
    clock.advance(1000);
    expect(fired()).toBe(0);
    press.press(0, 0);
    press.cancel();
    clock.advance(1000);
    expect(fired()).toBe(0);
  });
});
