import { describe, expect, it } from 'vitest';
import { createLatencyLimit, nextLimit, percentileOf } from './latency-limit';

const bounds = { ceiling: 256, targetMs: 500, floor: 16 };

describe('the in-flight bound that follows the answers', () => {
  it('cuts the bound by a quarter when a window answered slower than the target, never under the floor', () => {
    expect(nextLimit(256, { answered: 300, p95Ms: 900, peakInFlight: 256 }, bounds)).toBe(192);
    expect(nextLimit(18, { answered: 30, p95Ms: 900, peakInFlight: 18 }, bounds)).toBe(16);
    expect(nextLimit(16, { answered: 30, p95Ms: 5000, peakInFlight: 16 }, bounds)).toBe(16);
  });

  it('raises it by a step when answers came in time and demand reached the bound, never past the ceiling', () => {
    expect(nextLimit(100, { answered: 300, p95Ms: 200, peakInFlight: 95 }, bounds)).toBe(108);
    expect(nextLimit(250, { answered: 300, p95Ms: 200, peakInFlight: 250 }, bounds)).toBe(256);
  });

  it('keeps it when demand stayed well under it, or when nothing was answered to judge by', () => {
    expect(nextLimit(100, { answered: 300, p95Ms: 200, peakInFlight: 20 }, bounds)).toBe(100);
    expect(nextLimit(100, { answered: 0, p95Ms: 0, peakInFlight: 100 }, bounds)).toBe(100);
  });

  it('learns from the answers of each window alone', () => {
    const limit = createLatencyLimit({ ceiling: 64, targetMs: 100, floor: 4 });
    expect(limit.limit()).toBe(64);
    limit.taken(64);
    for (let i = 0; i < 100; i++) limit.answered(i < 90 ? 10 : 400);
    limit.closeWindow();
    expect(limit.limit()).toBe(48);
    // The slow answers belonged to the last window: fast ones under demand now raise the bound.
    limit.taken(48);
    for (let i = 0; i < 100; i++) limit.answered(10);
    limit.closeWindow();
    expect(limit.limit()).toBe(50);
  });

  it('reads the p95 of a window', () => {
    expect(percentileOf([], 95)).toBe(0);
    expect(percentileOf([5], 95)).toBe(5);
    expect(
      percentileOf(
        [...Array(100).keys()].map((i) => i + 1),
        95,
      ),
    ).toBe(95);
  });
});
