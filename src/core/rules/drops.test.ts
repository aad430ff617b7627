import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { gearTypes } from '../items';
import { pickWeighted, seededRandom } from '../random';
import { rarityWeights, rollCore, rollDrops, rollGear } from './drops';

describe('drops', () => {
  it('rolls gear near the player level with a stat inside its rarity band', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 500; i++) {
      const g = rollGear(random, 10);
      expect(g.level).toBeGreaterThanOrEqual(8);
      expect(g.level).toBeLessThanOrEqual(12);
      expect(Number.isInteger(g.statValue) && g.statValue >= 1).toBe(true);
      expect(gearTypes).toContain(g.type);
    }
  });

  it('never rolls gear below level 1', () => {
    const random = seededRandom(6);
    for (let i = 0; i < 200; i++) expect(rollGear(random, 1).level).toBeGreaterThanOrEqual(1);
  });

  // The shares as documented, not read back from the tables under test: docs/game-rules.md (gear
  // rarity) and the spec §9 Virus drop rates (cores).
  const documentedRarity = { common: 0.7, rare: 0.22, epic: 0.07, legendary: 0.01 };
  const documentedCores = { 'T-1': 0.5, 'T-2': 0.3, 'T-3': 0.15, 'T-4': 0.04, 'T-5': 0.01 };
  const documentedTypes = { cpu: 0.3, ram: 0.3, gpu: 0.3, storage: 0.1 };

  // Each share is checked against a binomial bound: with n rolls and weight p the count is within
  // Z standard deviations (sqrt(n·p·(1−p))) of n·p. With 20,000 rolls a 1 % weight must land in
  // 200 ± 56, so rolling it at 0 % or 5 % fails (shown below on a deliberately wrong table).
  it('follows the rarity and core weights over many rolls', () => {
    const random = seededRandom(8);
    const n = 20_000;
    const rarity = tally(n, () => rollGear(random, 5).rarity);
    const cores = tally(n, () => rollCore(random).coreTypeName);
    const types = tally(n, () => rollGear(random, 5).type);
    expect(outsideBinomialBound(rarity, n, documentedRarity)).toEqual([]);
    expect(outsideBinomialBound(cores, n, documentedCores)).toEqual([]);
    // ADR 015: storage drops at its documented share (10 %), the other three at 30 % each.
    expect(outsideBinomialBound(types, n, documentedTypes)).toEqual([]);
  });

  it('the weight check catches a 1 % weight rolled at 0 % or at 5 %', () => {
    const n = 20_000;
    for (const legendary of [0, 5]) {
      const random = seededRandom(8);
      const wrong = tally(n, () => pickWeighted(random, { ...rarityWeights, legendary }));
      expect(outsideBinomialBound(wrong, n, documentedRarity)).toContain('legendary');
    }
  });

  it('feeds the effective drop rate into the gear chance, up to the documented ceiling', () => {
    const doubled = rollDrops(seededRandom(10), 50_000, 5, 0.2).gear.length / 50_000;
    expect(doubled).toBeCloseTo(0.04, 2);
    const capped = rollDrops(seededRandom(11), 50_000, 5, 5).gear.length / 50_000;
    expect(capped).toBeCloseTo((balance.gearDropChance * balance.maxItemDropRate) / balance.startingItemDropRate, 2);
  });

  it('drops about 2% gear and 1% cores per decode at the default drop rate', () => {
    const n = 50_000;
    const { gear, cores } = rollDrops(seededRandom(9), n, 5, 0.1);
    expect(outsideBinomialBound({ gear: gear.length, cores: cores.length }, n, { gear: 0.02, cores: 0.01 })).toEqual(
      [],
    );
  });
});

/** Standard deviations allowed: a fair roller fails this about once in 15,000 checks per category. */
const Z = 4;

function tally(n: number, roll: () => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const key = roll();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The categories whose count is more than Z binomial standard deviations from n × share. */
function outsideBinomialBound(counts: Record<string, number>, n: number, expected: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([key, p]) => Math.abs((counts[key] ?? 0) - n * p) > Z * Math.sqrt(n * p * (1 - p)))
    .map(([key]) => key);
}
