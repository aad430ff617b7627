import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { gearTypes } from '../items';
import { canEquipAtLevel, dropRatePercent, effectiveStats, gearStatLabel, type CombatStats } from './gear-stats';

const base: CombatStats = { attack: 1, criticalRate: 5, bonusCriticalHit: 0, itemDropRate: 0.1 };

describe('effective stats from equipped gear (spec §3, inventory reading)', () => {
  it.each([
    ['cpu adds statValue to attack', { type: 'cpu', statValue: 12 }, { attack: 13 }],
    ['ram adds statValue/10 % crit rate', { type: 'ram', statValue: 15 }, { criticalRate: 6.5 }],
    ['gpu adds statValue/20 % bonus crit', { type: 'gpu', statValue: 25 }, { bonusCriticalHit: 1.25 }],
    ['storage adds statValue/20 % drop rate (0.1 = 10 %)', { type: 'storage', statValue: 40 }, { itemDropRate: 0.12 }],
  ] as const)('%s', (_, item, changed) => {
    expect(effectiveStats(base, [item])).toEqual({ ...base, ...changed });
  });

  it('adds all four slots at once and leaves the base alone without gear', () => {
    expect(effectiveStats(base, [])).toEqual(base);
    const all = effectiveStats(base, [
      { type: 'cpu', statValue: 8 },
      { type: 'ram', statValue: 30 },
      { type: 'gpu', statValue: 50 },
      { type: 'storage', statValue: 20 },
    ]);
    expect(all).toEqual({ attack: 9, criticalRate: 8, bonusCriticalHit: 2.5, itemDropRate: 0.11 });
  });

  it('caps crit rate at 100 % and drop rate at the balance ceiling', () => {
    const huge = effectiveStats(base, [
      { type: 'ram', statValue: 5000 },
      { type: 'storage', statValue: 100_000 },
    ]);
    expect(huge.criticalRate).toBe(balance.maxCriticalRatePct);
    expect(huge.itemDropRate).toBe(balance.maxItemDropRate);
  });

  it('never lowers a stat, is order-independent and shows no float noise (property)', () => {
    const item = fc.record({ type: fc.constantFrom(...gearTypes), statValue: fc.integer({ min: 0, max: 5000 }) });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), (items) => {
        const forward = effectiveStats(base, items);
        expect(effectiveStats(base, [...items].reverse())).toEqual(forward);
        expect(forward.attack).toBeGreaterThanOrEqual(base.attack);
        expect(forward.criticalRate).toBeGreaterThanOrEqual(base.criticalRate);
        expect(forward.bonusCriticalHit).toBeGreaterThanOrEqual(base.bonusCriticalHit);
        expect(forward.itemDropRate).toBeGreaterThanOrEqual(base.itemDropRate);
        expect(Math.round(forward.criticalRate * 100)).toBeCloseTo(forward.criticalRate * 100, 9);
        expect(Math.round(forward.bonusCriticalHit * 100)).toBeCloseTo(forward.bonusCriticalHit * 100, 9);
      }),
    );
  });

  it('labels each gear with the same reading the stats use', () => {
    expect(gearStatLabel({ type: 'cpu', statValue: 12 })).toBe('+12 ATK');
    expect(gearStatLabel({ type: 'ram', statValue: 15 })).toBe('+1.5% CRIT');
    expect(gearStatLabel({ type: 'gpu', statValue: 25 })).toBe('+1.25% BONUS CRIT');
    expect(gearStatLabel({ type: 'storage', statValue: 15 })).toBe('+0.75% DROP');
    expect(dropRatePercent(0.1)).toBe(10);
  });

  it('refuses gear above the player level (spec §5)', () => {
    expect(canEquipAtLevel(5, 5)).toBe(true);
    expect(canEquipAtLevel(6, 5)).toBe(false);
  });
});
