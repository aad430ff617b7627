import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { seededRandom } from '../random';
import {
  bundleSavingCents,
  canSpend,
  cooldownLeftSeconds,
  formatUsd,
  packageFor,
  rollTrojans,
  trojanOdds,
  utcDayStart,
} from './virus';

describe('virus packages (spec §9)', () => {
  it.each([
    [1, 239, '$2.39'],
    [10, 1990, '$19.90'],
  ])('%i Trojan(s) cost %i cents (%s)', (count, cents, shown) => {
    expect(packageFor(count)?.priceCents).toBe(cents);
    expect(formatUsd(packageFor(count)!.priceCents)).toBe(shown);
  });

  it('sells nothing else: any other count has no price', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (n) => (n === 1 || n === 10) === (packageFor(n) !== undefined)),
    );
  });

  it('the bundle saves what it really saves: 10 × 2.39 − 19.90 = 4.00 USD (spec §9 says 3.90; ADR 032)', () => {
    expect(formatUsd(bundleSavingCents())).toBe('$4.00');
  });
});

describe('odds shown = odds rolled', () => {
  it('the table reads T-1 50 %, T-2 30 %, T-3 15 %, T-4 4 %, T-5 1 % from the balance weights', () => {
    expect(trojanOdds().map((o) => [o.name, o.percent])).toEqual([
      ['T-1', 50],
      ['T-2', 30],
      ['T-3', 15],
      ['T-4', 4],
      ['T-5', 1],
    ]);
    expect(trojanOdds().map((o) => o.coreTypeId)).toEqual(balance.telnetCoreTypes.map((c) => c.id));
  });

  it('100,000 rolled Trojans fit the shown odds (chi-square, 4 degrees of freedom, p > 0.001)', () => {
    const n = 100_000;
    const counts = new Map<string, number>();
    for (const core of rollTrojans(seededRandom(12), n))
      counts.set(core.coreTypeName, (counts.get(core.coreTypeName) ?? 0) + 1);
    const chi2 = trojanOdds().reduce((sum, o) => {
      const expected = (n * o.percent) / 100;
      return sum + ((counts.get(o.name) ?? 0) - expected) ** 2 / expected;
    }, 0);
    expect(chi2).toBeLessThan(18.47); // the 0.999 quantile of chi-square(4)
  });

  it('a skewed roll is caught by the same check (the test can fail)', () => {
    const n = 100_000;
    const rolled = rollTrojans(seededRandom(12), n).map((c) => (c.coreTypeName === 'T-5' ? 'T-1' : c.coreTypeName));
    const observed = trojanOdds().map((o) => rolled.filter((x) => x === o.name).length);
    const chi2 = trojanOdds().reduce(
      (s, o, i) => s + (observed[i]! - (n * o.percent) / 100) ** 2 / ((n * o.percent) / 100),
      0,
    );
    expect(chi2).toBeGreaterThan(18.47);
  });

  it('a purchase of n Trojans awards exactly n cores', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer(),
        (n, seed) => rollTrojans(seededRandom(seed), n).length === n,
      ),
    );
  });
});

describe('spending limit and cooldown', () => {
  const base = {
    priceCents: 1990,
    spentTodayCents: 0,
    dailyLimitCents: 5000,
    lastStartedAtMs: null,
    nowMs: 1_000_000,
    cooldownSeconds: 30,
  };

  it('refuses past the daily limit and says what is left', () => {
    expect(canSpend({ ...base, spentTodayCents: 1990 * 2 })).toEqual({
      ok: false,
      reason: 'daily-limit',
      remainingCents: 1020,
    });
    expect(canSpend({ ...base, spentTodayCents: 3010 })).toEqual({ ok: true });
  });

  it('refuses inside the cooldown, counting the seconds left', () => {
    expect(canSpend({ ...base, lastStartedAtMs: base.nowMs - 10_500 })).toEqual({
      ok: false,
      reason: 'cooldown',
      waitSeconds: 20,
    });
    expect(canSpend({ ...base, lastStartedAtMs: base.nowMs - 30_000 })).toEqual({ ok: true });
  });

  it('counts the cooldown the shop shows before a click, rounded up, and 0 once it is over', () => {
    expect(cooldownLeftSeconds(null, base.nowMs, 30)).toBe(0);
    expect(cooldownLeftSeconds(base.nowMs - 10_500, base.nowMs, 30)).toBe(20);
    expect(cooldownLeftSeconds(base.nowMs - 29_999, base.nowMs, 30)).toBe(1);
    expect(cooldownLeftSeconds(base.nowMs - 30_000, base.nowMs, 30)).toBe(0);
    expect(cooldownLeftSeconds(base.nowMs - 90_000, base.nowMs, 30)).toBe(0);
  });

  it('never lets the day total pass the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(239, 1990),
        fc.integer({ min: 0, max: 10_000 }),
        (spent, price, limit) => {
          const d = canSpend({ ...base, spentTodayCents: spent, priceCents: price, dailyLimitCents: limit });
          return !d.ok || spent + price <= limit;
        },
      ),
    );
  });

  it('the day starts at 00:00 UTC', () => {
    expect(new Date(utcDayStart(Date.UTC(2026, 10, 22, 23, 59, 59))).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});
