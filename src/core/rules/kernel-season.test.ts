import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { bitPrice } from './kernel';
import { canvasFullPrice, seasonDeadlineMs, seasonFullBits, seasonFullness, seasonShouldEnd } from './kernel-season';

const total = balance.gridSize * balance.gridSize;
const day = 86_400_000;
const start = Date.UTC(2026, 10, 1);

describe('when a Kernel season ends', () => {
  it('a season ends once 90 % of the grid is owned: 576,000 of 640,000 bits, not one bit sooner', () => {
    expect(seasonFullBits(total)).toBe(576_000);
    expect(seasonShouldEnd({ ownedBits: 575_999, totalBits: total, startedAtMs: start, nowMs: start + day })).toBe(
      false,
    );
    expect(seasonShouldEnd({ ownedBits: 576_000, totalBits: total, startedAtMs: start, nowMs: start + day })).toBe(
      true,
    );
  });

  it('a season ends 14 days after it began however empty its canvas, and not a millisecond before', () => {
    expect(seasonDeadlineMs(start)).toBe(start + 14 * day);
    expect(seasonShouldEnd({ ownedBits: 1, totalBits: total, startedAtMs: start, nowMs: start + 14 * day - 1 })).toBe(
      false,
    );
    expect(seasonShouldEnd({ ownedBits: 1, totalBits: total, startedAtMs: start, nowMs: start + 14 * day })).toBe(true);
  });

  it('for any fill and time, a season ends exactly when it is full or its time is up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: total }), fc.integer({ min: 0, max: 60 * day }), (ownedBits, elapsed) => {
        const ends = seasonShouldEnd({ ownedBits, totalBits: total, startedAtMs: start, nowMs: start + elapsed });
        expect(ends).toBe(ownedBits >= 576_000 || elapsed >= 14 * day);
      }),
    );
  });

  it('more bits or more time never un-end a season (the rule is monotone)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: total }),
        fc.integer({ min: 0, max: total }),
        fc.nat(40 * day),
        fc.nat(40 * day),
        (a, b, t1, t2) => {
          const early = seasonShouldEnd({
            ownedBits: Math.min(a, b),
            totalBits: total,
            startedAtMs: start,
            nowMs: start + Math.min(t1, t2),
          });
          const late = seasonShouldEnd({
            ownedBits: Math.max(a, b),
            totalBits: total,
            startedAtMs: start,
            nowMs: start + Math.max(t1, t2),
          });
          expect(!early || late).toBe(true);
        },
      ),
    );
  });

  it('fullness is the owned share, clamped to 0–1', () => {
    expect(seasonFullness(0, total)).toBe(0);
    expect(seasonFullness(320_000, total)).toBe(0.5);
    expect(seasonFullness(total + 5, total)).toBe(1);
    expect(seasonFullness(5, 0)).toBe(0);
  });

  it('a full season can burn at most the whole grid at spec prices: 6,221,347 Telnet', () => {
    let sum = 0;
    for (let y = 0; y < balance.gridSize; y += 1) for (let x = 0; x < balance.gridSize; x += 1) sum += bitPrice(x, y);
    expect(canvasFullPrice()).toBe(sum);
    expect(canvasFullPrice()).toBe(6_221_347);
  });
});
