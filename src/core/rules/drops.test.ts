import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random';
import { coreTypes, rarityWeights, rollCore, rollDrops, rollGear } from './drops';

describe('drops', () => {
  it('rolls gear near the player level with a stat inside its rarity band', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 500; i++) {
      const g = rollGear(random, 10);
      expect(g.level).toBeGreaterThanOrEqual(8);
      expect(g.level).toBeLessThanOrEqual(12);
      expect(Number.isInteger(g.statValue) && g.statValue >= 1).toBe(true);
      expect(['cpu', 'ram', 'gpu']).toContain(g.type);
    }
  });

  it('never rolls gear below level 1', () => {
    const random = seededRandom(6);
    for (let i = 0; i < 200; i++) expect(rollGear(random, 1).level).toBeGreaterThanOrEqual(1);
  });

  it('follows the rarity and core weights over many rolls', () => {
    const random = seededRandom(8);
    const rarity: Record<string, number> = {};
    const cores: Record<string, number> = {};
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const r = rollGear(random, 5).rarity;
      rarity[r] = (rarity[r] ?? 0) + 1;
      const c = rollCore(random).coreTypeName;
      cores[c] = (cores[c] ?? 0) + 1;
    }
    for (const [r, w] of Object.entries(rarityWeights)) expect(rarity[r]! / n).toBeCloseTo(w / 100, 1);
    for (const c of coreTypes) expect(cores[c.name]! / n).toBeCloseTo(c.weight / 100, 1);
  });

  it('drops about 2% gear and 1% cores per decode at the default drop rate', () => {
    const { gear, cores } = rollDrops(seededRandom(9), 50_000, 5, 0.1);
    expect(gear.length / 50_000).toBeCloseTo(0.02, 2);
    expect(cores.length / 50_000).toBeCloseTo(0.01, 2);
  });
});
