import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { blacklistChance, bossMaxIntegrity, bossRewards, formatCountdown, integrityAfter, isBlacklisted, mostDamage, nextSpawnAt } from './blockchain';

describe('boss numbers (docs/game-rules.md §19)', () => {
  it('grows integrity and rewards with the level', () => {
    expect(bossMaxIntegrity(1)).toBe(10);
    expect(bossMaxIntegrity(3)).toBe(30);
    expect(bossRewards(2)).toEqual({ lastHit: 80, mostDamage: 120 });
  });
  it('respawns 2 hours after the defeat (spec §9)', () => {
    expect(nextSpawnAt(1_000)).toBe(1_000 + 7_200_000);
  });
  it('never lowers integrity below 0', () => {
    fc.assert(fc.property(fc.nat(1000), fc.nat(1000), (i, d) => {
      expect(integrityAfter(i, d)).toBe(Math.max(0, i - d));
    }));
  });
});

describe('blacklist chance (spec §1)', () => {
  it.each([
    [1, 1, 0],
    [1, 5, 0],
    [3, 1, 0.1],
    [11, 1, 0.5],
    [200, 1, 0.5],
  ])('player %i vs boss %i → %f', (p, b, chance) => expect(blacklistChance(p, b)).toBeCloseTo(chance));
  it('grows with player minus boss level and stays within 0..max', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 200 }), (p, b) => {
        const c = blacklistChance(p, b);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(balance.blacklistMaxPct / 100);
        expect(blacklistChance(p + 1, b)).toBeGreaterThanOrEqual(c);
      }),
    );
  });
  it('rolls against the chance', () => {
    expect(isBlacklisted(3, 1, () => 0.09)).toBe(true);
    expect(isBlacklisted(3, 1, () => 0.1)).toBe(false);
    expect(isBlacklisted(1, 1, () => 0)).toBe(false);
  });
});

describe('most damage', () => {
  it('sums per player; a tie goes to the earlier first hit', () => {
    expect(mostDamage([])).toBeNull();
    expect(mostDamage([{ userId: 1, damage: 3, order: 1 }, { userId: 2, damage: 5, order: 2 }, { userId: 1, damage: 3, order: 3 }])).toEqual({ userId: 1, damage: 6 });
    expect(mostDamage([{ userId: 2, damage: 4, order: 2 }, { userId: 1, damage: 4, order: 1 }])).toEqual({ userId: 1, damage: 4 });
  });
});

describe('countdown (spec §2)', () => {
  it.each([
    [7_200_000, '02:00:00'],
    [61_000, '00:01:01'],
    [500, '00:00:01'],
    [0, null],
    [-5, null],
  ])('%i ms → %s', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});
