import { describe, expect, it } from 'vitest';
import { WindowLimiter } from './rate-limit';

describe('WindowLimiter', () => {
  const clock = { now: 0 };
  const now = () => clock.now;

  it('allows `limit` hits per window and a fresh window after it', () => {
    const l = new WindowLimiter(3, 1000, now);
    expect([l.hit('a'), l.hit('a'), l.hit('a'), l.hit('a')]).toEqual([true, true, true, false]);
    expect(l.isExhausted('a')).toBe(true);
    clock.now += 1000;
    expect(l.isExhausted('a')).toBe(false);
    expect(l.hit('a')).toBe(true);
  });

  it('isExhausted never counts an attempt', () => {
    const l = new WindowLimiter(1, 1000, now);
    for (let i = 0; i < 10; i++) expect(l.isExhausted('b')).toBe(false);
    expect(l.size).toBe(0);
  });

  it('holds at most maxKeys keys under a spray of distinct keys, evicting the oldest', () => {
    const l = new WindowLimiter(5, 60_000, now, 100);
    for (let i = 0; i < 10_000; i++) l.hit(`spray-${i}`);
    expect(l.size).toBe(100);
    expect(l.isExhausted('spray-9999')).toBe(false);
    l.hit('spray-9999');
    expect(l.size).toBe(100);
  });

  // The probe's CPU exhaustion: past 10,000 keys every new key walked the whole map.
  it('never sweeps the map on a request: 20,000 new keys cost zero sweeps', () => {
    const l = new WindowLimiter(5, 1, now, 50_000);
    for (let i = 0; i < 20_000; i++) {
      clock.now += 1;
      l.hit(`k-${i}`);
    }
    expect(l.sweeps).toBe(0);
    clock.now += 1;
    l.sweep();
    expect(l.sweeps).toBe(1);
    expect(l.size).toBe(0);
  });

  it('sweeps expired windows on a timer', async () => {
    const l = new WindowLimiter(1, 5, Date.now).startSweeping(5);
    l.hit('x');
    await expect.poll(() => l.sweeps, { timeout: 2000 }).toBeGreaterThan(0);
    await expect.poll(() => l.size).toBe(0);
    l.stop();
  });
});
