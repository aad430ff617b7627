import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { coreTypeNames } from '../items';
import { seededRandom } from '../random';
import {
  expectedCoreTelnet,
  expectedCoreTelnetPerDecode,
  expectedDroppedCoreTelnet,
  findCoreType,
  openCore,
} from './cores';

describe('opening Telnet Cores', () => {
  it('knows every named type, by name and by id', () => {
    for (const [i, name] of coreTypeNames.entries()) {
      expect(findCoreType(name)?.id).toBe(i + 1);
      expect(findCoreType(i + 1)?.name).toBe(name);
    }
    expect(findCoreType(6)).toBeUndefined();
  });

  it('fails with no reward when the first draw misses the success chance', () => {
    const t1 = findCoreType('T-1')!;
    expect(openCore(() => 0.95, t1)).toEqual({ success: false, telnetRewarded: 0 });
    const draws = [0.1, 0.999];
    expect(openCore(() => draws.shift()!, t1)).toEqual({ success: true, telnetRewarded: t1.maxTelnet });
  });

  it.each(balance.telnetCoreTypes.map((t) => [t.name, t] as const))(
    '%s succeeds at its chance and pays inside its range (seeded, 20,000 openings)',
    (_, type) => {
      const random = seededRandom(type.id * 7919);
      const n = 20_000;
      let successes = 0;
      let paid = 0;
      const seen = new Set<number>();
      let failedButPaid = 0;
      for (let i = 0; i < n; i++) {
        const result = openCore(random, type);
        if (!result.success) {
          failedButPaid += result.telnetRewarded;
          continue;
        }
        successes++;
        paid += result.telnetRewarded;
        seen.add(result.telnetRewarded);
      }
      expect(failedButPaid).toBe(0);
      expect([...seen].every(Number.isInteger)).toBe(true);
      expect(Math.min(...seen)).toBe(type.minTelnet);
      expect(Math.max(...seen)).toBe(type.maxTelnet);
      // 4 standard deviations of a binomial at n = 20,000 is under 0.015.
      expect(Math.abs(successes / n - type.successChance)).toBeLessThan(0.015);
      expect(paid / n).toBeGreaterThan(expectedCoreTelnet(type) * 0.95);
      expect(paid / n).toBeLessThan(expectedCoreTelnet(type) * 1.05);
    },
  );

  it('pays back about 4 minutes of level-1 play per dropped core (docs/game-rules.md §4)', () => {
    const totalWeight = balance.telnetCoreTypes.reduce((sum, t) => sum + t.weight, 0);
    const perCore = balance.telnetCoreTypes.reduce(
      (sum, t) => sum + (t.weight / totalWeight) * expectedCoreTelnet(t),
      0,
    );
    expect(perCore).toBeGreaterThan(12);
    expect(perCore).toBeLessThan(13.5);
  });
});

describe('what a dropped core is worth', () => {
  it('weighs each type’s expected opening by its drop weight', () => {
    expect(expectedDroppedCoreTelnet()).toBeCloseTo(
      0.5 * 4.95 + 0.3 * 11.2 + 0.15 * 24.5 + 0.04 * 52.5 + 0.01 * 106.25,
      9,
    );
    expect(expectedCoreTelnetPerDecode()).toBeCloseTo(balance.coreDropChance * expectedDroppedCoreTelnet(), 12);
  });
});
