import { describe, expect, it } from 'vitest';
import { critDamage, rollDamage } from './combat';

describe('critical hits (spec §9)', () => {
  it.each([
    [10, 0, 20],
    [10, 50, 25],
    [7, 33, 16], // 7 × 2.33 = 16.31 → rounded down
    [3, 10, 6], // 3 × 2.1 = 6.3 → 6
    [1, 99, 2], // 1 × 2.99 → 2
  ])('attack %i with bonus %i%% deals %i', (attack, bonus, damage) => {
    expect(critDamage(attack, bonus)).toBe(damage);
  });

  it('crits with chance criticalRate/100, otherwise deals attack', () => {
    const stats = { attack: 10, criticalRate: 25, bonusCriticalHit: 0 };
    expect(rollDamage(stats, () => 0.24)).toEqual({ damage: 20, isCritical: true });
    expect(rollDamage(stats, () => 0.25)).toEqual({ damage: 10, isCritical: false });
  });
});
