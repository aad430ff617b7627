import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import {
  blacklistChance,
  bossMaxIntegrity,
  bossPayouts,
  bossRewards,
  formatCountdown,
  integrityAfter,
  isBlacklisted,
  mostDamage,
  nextBossIntegrity,
  nextSpawnAt,
  rewardWithinDailyCap,
} from './blockchain';

describe('boss numbers (docs/game-rules.md §19)', () => {
  it('grows integrity and rewards with the level', () => {
    expect(bossMaxIntegrity(1)).toBe(10);
    expect(bossMaxIntegrity(3)).toBe(30);
    expect(bossRewards(2)).toEqual({ lastHit: 80, mostDamage: 120 });
  });
  it('pays no more per kill past level 10: 400 and 600 for every boss from there on', () => {
    expect(bossRewards(10)).toEqual({ lastHit: 400, mostDamage: 600 });
    expect(bossRewards(11)).toEqual({ lastHit: 400, mostDamage: 600 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (level) => {
        const r = bossRewards(level);
        expect(r.lastHit + r.mostDamage).toBeLessThanOrEqual(1000);
        expect(r.lastHit).toBeGreaterThan(0);
      }),
    );
  });
  it('respawns 2 hours after the defeat (spec §9)', () => {
    expect(nextSpawnAt(1_000)).toBe(1_000 + 7_200_000);
  });
  it('never lowers integrity below 0', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (i, d) => {
        expect(integrityAfter(i, d)).toBe(Math.max(0, i - d));
      }),
    );
  });
});

describe('daily boss-reward cap (ADR 050)', () => {
  const cap = balance.bossDailyRewardCapTelnet;
  it.each([
    [400, 0, 400],
    [600, 400, 600],
    [600, 700, 300],
    [400, cap, 0],
    [400, cap + 50, 0],
  ])('a reward of %i after %i today pays %i', (reward, paid, out) =>
    expect(rewardWithinDailyCap(reward, paid)).toBe(out),
  );
  it('no sequence of rewards pays one player more than the cap in a day', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 30 }), (rewards) => {
        let paid = 0;
        for (const r of rewards) {
          const got = rewardWithinDailyCap(r, paid);
          expect(got).toBeGreaterThanOrEqual(0);
          expect(got).toBeLessThanOrEqual(r);
          paid += got;
        }
        expect(paid).toBeLessThanOrEqual(cap);
        expect(paid).toBe(
          Math.min(
            cap,
            rewards.reduce((a, b) => a + b, 0),
          ),
        );
      }),
    );
  });
});

describe('what a defeat pays (ADR 050)', () => {
  const fresh = (userId: number) => ({ userId, paidTodayTelnet: 0, blacklisted: false });
  it('pays both cards of the level, nothing to a blacklisted winner', () => {
    expect(bossPayouts(3, fresh(1), fresh(2))).toEqual({ lastHit: 120, mostDamage: 180 });
    expect(bossPayouts(3, { ...fresh(1), blacklisted: true }, fresh(2))).toEqual({ lastHit: 0, mostDamage: 180 });
  });
  it('one player winning both cards of a level-10 boss twice in a day gets the cap, not 2,000', () => {
    const first = bossPayouts(10, fresh(1), fresh(1));
    expect(first).toEqual({ lastHit: 400, mostDamage: 600 });
    const paid = first.lastHit + first.mostDamage;
    expect(bossPayouts(10, { ...fresh(1), paidTodayTelnet: paid }, { ...fresh(1), paidTodayTelnet: paid })).toEqual({
      lastHit: 0,
      mostDamage: 0,
    });
  });
  it("counts LAST HIT toward the same player's MOST DAMAGE card", () => {
    expect(bossPayouts(10, { ...fresh(1), paidTodayTelnet: 300 }, { ...fresh(1), paidTodayTelnet: 300 })).toEqual({
      lastHit: 400,
      mostDamage: 300,
    });
    expect(bossPayouts(10, { ...fresh(1), paidTodayTelnet: 300 }, { ...fresh(2), paidTodayTelnet: 300 })).toEqual({
      lastHit: 400,
      mostDamage: 600,
    });
  });
});

describe('next boss integrity (ADR 050)', () => {
  it('starts at 10·L without a previous kill', () => {
    expect(nextBossIntegrity(1, null)).toBe(10);
    expect(nextBossIntegrity(7, null)).toBe(70);
  });
  it('a boss that died to one crack is followed by a harder one', () => {
    expect(nextBossIntegrity(2, { maxIntegrity: 10, cracks: 1, totalDamage: 40 })).toBe(40);
    expect(nextBossIntegrity(2, { maxIntegrity: 10, cracks: 1, totalDamage: 500 })).toBe(40); // at most ×4 per boss
    expect(nextBossIntegrity(3, { maxIntegrity: 40, cracks: 2, totalDamage: 48 })).toBe(160);
  });
  it('a boss that took the target number of cracks stays as hard; a slow one gets easier, never below 10·L', () => {
    expect(nextBossIntegrity(5, { maxIntegrity: 400, cracks: 10, totalDamage: 405 })).toBe(405);
    expect(nextBossIntegrity(5, { maxIntegrity: 400, cracks: 40, totalDamage: 400 })).toBe(200);
    expect(nextBossIntegrity(5, { maxIntegrity: 60, cracks: 60, totalDamage: 60 })).toBe(50);
  });
  const kill = fc
    .record({
      maxIntegrity: fc.integer({ min: 10, max: balance.bossIntegrityCeiling }),
      cracks: fc.integer({ min: 1, max: 500 }),
      perCrack: fc.integer({ min: 1, max: 100_000 }),
    })
    .map(({ maxIntegrity, cracks, perCrack }) => ({
      maxIntegrity,
      cracks,
      totalDamage: Math.max(maxIntegrity, cracks * perCrack),
    }));
  it('grows whenever the previous boss took fewer cracks than the target, and stays within its bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), kill, (level, previous) => {
        const next = nextBossIntegrity(level, previous);
        expect(Number.isInteger(next)).toBe(true);
        expect(next).toBeLessThanOrEqual(balance.bossIntegrityCeiling);
        expect(next).toBeGreaterThanOrEqual(Math.min(balance.bossIntegrityCeiling, bossMaxIntegrity(level)));
        expect(next).toBeLessThanOrEqual(
          Math.max(bossMaxIntegrity(level), previous.maxIntegrity * balance.bossIntegrityMaxGrowth),
        );
        if (previous.cracks < balance.bossTargetCracks && previous.maxIntegrity < balance.bossIntegrityCeiling)
          expect(next).toBeGreaterThan(previous.maxIntegrity);
      }),
    );
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
    expect(
      mostDamage([
        { userId: 1, damage: 3, order: 1 },
        { userId: 2, damage: 5, order: 2 },
        { userId: 1, damage: 3, order: 3 },
      ]),
    ).toEqual({ userId: 1, damage: 6 });
    expect(
      mostDamage([
        { userId: 2, damage: 4, order: 2 },
        { userId: 1, damage: 4, order: 1 },
      ]),
    ).toEqual({ userId: 1, damage: 4 });
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
