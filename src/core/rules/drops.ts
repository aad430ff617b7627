import { balance } from '../balance';
import type { GearType, Rarity } from '../items';
import { type CoreTypeName } from '../items';
import { pickWeighted, randomInt } from '../random';

// The item vocabulary lives in ../items (ADR 015); re-exported for the callers that import it from here.
export { GearType, Rarity } from '../items';
export type { CoreTypeName } from '../items';

/** Rarity weights out of 100 for a gear drop. */
export const rarityWeights: Record<Rarity, number> = { common: 70, rare: 22, epic: 7, legendary: 1 };

/** Stat multiplier by rarity: statValue = round(level * base * multiplier) within ±20%. */
export const rarityStatMultiplier: Record<Rarity, number> = { common: 1, rare: 1.6, epic: 2.5, legendary: 4 };

/** Base stat per gear level, by type (cpu → attack; ram → crit, /10 %; gpu → bonus crit, /20 %; storage → drop rate, /20 %). */
export const gearBaseStatPerLevel: Record<GearType, number> = { cpu: 2, ram: 3, gpu: 5, storage: 2 };

/** Each gear type and rarity has one name (docs/game-rules.md §6): the market prices items by it. */
export const gearNames: Record<GearType, Record<Rarity, string>> = {
  cpu: { common: 'Scrap Core CPU', rare: 'Overclocked CPU', epic: 'Quantum Lattice CPU', legendary: 'Singularity CPU' },
  ram: { common: 'Salvaged RAM', rare: 'Neon DDR RAM', epic: 'Phase-Shift RAM', legendary: 'Eidetic RAM' },
  gpu: { common: 'Pixel Pusher GPU', rare: 'Raytrace GPU', epic: 'Hexcore GPU', legendary: 'Void Render GPU' },
  storage: {
    common: 'Dusty HDD Storage',
    rare: 'Flash Array Storage',
    epic: 'Holo Vault Storage',
    legendary: 'Deep Archive Storage',
  },
};

export interface GearDrop {
  name: string;
  description: string;
  type: GearType;
  rarity: Rarity;
  level: number;
  statValue: number;
}

/** Telnet Core types T-1..T-5: drop weight, Telnet reward range, success chance (the numbers are in balance). */
export const coreTypes = balance.telnetCoreTypes;
export type CoreType = (typeof coreTypes)[number];

export interface CoreDrop {
  coreTypeId: number;
  coreTypeName: CoreTypeName;
}

/** Gear of the player's level give or take 2 (never below 1), type and rarity by weight, stat within ±20%. */
export function rollGear(random: () => number, playerLevel: number): GearDrop {
  const type = pickWeighted(random, balance.gearTypeWeights);
  const rarity = pickWeighted(random, rarityWeights);
  const level = Math.max(1, playerLevel + randomInt(random, -2, 2));
  const center = level * gearBaseStatPerLevel[type] * rarityStatMultiplier[rarity];
  const statValue = Math.max(1, Math.round(center * (0.8 + random() * 0.4)));
  const name = gearNames[type][rarity];
  return {
    name,
    description: `${rarity} ${type.toUpperCase()} tuned for level ${level} operators`,
    type,
    rarity,
    level,
    statValue,
  };
}

/** Gear of an exact type, rarity and level at the middle of its stat range (operator grants, tests). */
export function makeGear(type: GearType, rarity: Rarity, level: number): GearDrop {
  const statValue = Math.max(1, Math.round(level * gearBaseStatPerLevel[type] * rarityStatMultiplier[rarity]));
  return {
    name: gearNames[type][rarity],
    description: `${rarity} ${type.toUpperCase()} tuned for level ${level} operators`,
    type,
    rarity,
    level,
    statValue,
  };
}

/** A Telnet Core by the T-1..T-5 weights. */
export function rollCore(random: () => number): CoreDrop {
  const weights = Object.fromEntries(coreTypes.map((c) => [c.name, c.weight])) as Record<string, number>;
  const name = pickWeighted(random, weights);
  const core = coreTypes.find((c) => c.name === name)!;
  return { coreTypeId: core.id, coreTypeName: core.name };
}

/**
 * Rolls each decode's drops: gear with gearDropChance × (itemDropRate/0.1), a core with coreDropChance.
 * `itemDropRate` is the player's EFFECTIVE rate (rules/gear-stats.ts: base plus equipped storage).
 */
export function rollDrops(
  random: () => number,
  decodes: number,
  playerLevel: number,
  itemDropRate: number,
): { gear: GearDrop[]; cores: CoreDrop[] } {
  // Clamped here too, so no caller can pass a rate past the documented ceiling.
  const rate = Math.min(Math.max(itemDropRate, 0), balance.maxItemDropRate);
  const gearChance = balance.gearDropChance * (rate / balance.startingItemDropRate);
  const gear: GearDrop[] = [];
  const cores: CoreDrop[] = [];
  for (let i = 0; i < decodes; i++) {
    if (random() < gearChance) gear.push(rollGear(random, playerLevel));
    if (random() < balance.coreDropChance) cores.push(rollCore(random));
  }
  return { gear, cores };
}
