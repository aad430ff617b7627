import { describe, expect, it } from 'vitest';
import { createReplayGuard } from './bus-replay';

function guard(maxIds = 1_000) {
  const clock = { now: 1_000_000 };
  return { clock, replay: createReplayGuard({ windowMs: 30_000, maxIds, now: () => clock.now }) };
}

describe('the bus replay guard', () => {
  it('lets a message through once; the same id again is a replay', () => {
    const { clock, replay } = guard();
    expect(replay.judge('a 1', clock.now)).toBe('fresh');
    expect(replay.judge('a 2', clock.now)).toBe('fresh');
    expect(replay.judge('a 1', clock.now)).toBe('replayed');
  });

  it.each([
    ['31 s old', -31_000, 'stale'],
    ['30 s old', -30_000, 'fresh'],
    ['31 s ahead', 31_000, 'stale'],
    ['2 s ahead (clock skew)', 2_000, 'fresh'],
  ] as const)('judges a message sent %s as %s', (_name, offsetMs, verdict) => {
    const { clock, replay } = guard();
    expect(replay.judge('a 1', clock.now + offsetMs)).toBe(verdict);
  });

  it('forgets ids once they are older than the window (the time check refuses them from then on)', () => {
    const { clock, replay } = guard();
    for (let i = 0; i < 100; i++) replay.judge(`a ${i}`, clock.now);
    expect(replay.size()).toBe(100);
    clock.now += 31_000;
    expect(replay.judge('b 1', clock.now)).toBe('fresh');
    expect(replay.size()).toBe(1);
    expect(replay.judge('a 5', clock.now - 31_000)).toBe('stale');
  });

  it('keeps at most maxIds, and refuses anything not newer than an id it had to forget early', () => {
    const { clock, replay } = guard(10);
    for (let i = 0; i < 10; i++) expect(replay.judge(`a ${i}`, clock.now + i)).toBe('fresh');
    expect(replay.judge('a 10', clock.now + 10)).toBe('fresh');
    expect(replay.size()).toBe(10);
    // 'a 0' was forgotten to make room: sent again it is refused by the raised floor, not let through.
    expect(replay.judge('a 0', clock.now)).toBe('stale');
    expect(replay.judge('a 11', clock.now + 11)).toBe('fresh');
    for (let i = 12; i < 1_000; i++) replay.judge(`a ${i}`, clock.now + i);
    expect(replay.size()).toBe(10);
  });
});
