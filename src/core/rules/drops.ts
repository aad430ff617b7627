import { z } from 'zod';
import { balance } from '../balance';
import { pickWeighted, randomInt } from '../random';

export const GearType = z.enum(['cpu', 'ram', 'gpu']);
export type GearType = z.infer<typeof GearType>;
export const Rarity = z.enum(['common', 'rare', 'epic', 'legendary']);
export type Rarity = z.infer<typeof Rarity>;

/** Rarity weights out of 100 for a gear drop. */
export const rarityWeights: Record<Rarity, number> = { common: 70, rare: 22, epic: 7, legendary: 1 };

/** Stat multiplier by rarity: statValue = round(level * base * multiplier) within ±20%. */
export const rarityStatMultiplier: Record<Rarity, number> = { common: 1, rare: 1.6, epic: 2.5, legendary: 4 };

/** Base stat per gear level, by type (cpu → attack; ram → crit, shown as /10 %; gpu → bonus crit, /20 %). */
export const gearBaseStatPerLevel: Record<GearType, number> = { cpu: 2, ram: 3, gpu: 5 };

const gearNames: Record<GearType, Record<Rarity, string>> = {
  cpu: { common: 'Scrap Core CPU', rare: 'Overclocked CPU', epic: 'Quantum Lattice CPU', legendary: 'Singularity CPU' },
  ram: { common: 'Salvaged RAM', rare: 'Neon DDR RAM', epic: 'Phase-Shift RAM', legendary: 'Eidetic RAM' },
  gpu: { common: 'Pixel Pusher GPU', rare: 'Raytrace GPU', epic: 'Hexcore GPU', legendary: 'Void Render GPU' },
};

export interface GearDrop {
  name: string;
  description: string;
  type: GearType;
  rarity: Rarity;
  level: number;
  statValue: number;
}

/** Telnet Core types T-1..T-5 (the Virus drop table names them): drop weight, Telnet reward range, success chance. */
export const coreTypes = [
  { id: 1, name: 'T-1', weight: 50, minTelnet: 5, maxTelnet: 15, successChance: 0.9 },
  { id: 2, name: 'T-2', weight: 30, minTelnet: 15, maxTelnet: 40, successChance: 0.8 },
  { id: 3, name: 'T-3', weight: 15, minTelnet: 40, maxTelnet: 100, successChance: 0.7 },
  { id: 4, name: 'T-4', weight: 4, minTelnet: 100, maxTelnet: 250, successChance: 0.6 },
  { id: 5, name: 'T-5', weight: 1, minTelnet: 250, maxTelnet: 600, successChance: 0.5 },
] as const;
export type CoreType = (typeof coreTypes)[number];

export interface CoreDrop {
  coreTypeId: number;
  coreTypeName: string;
}

/** Gear of the player's level give or take 2 (never below 1), rarity by weight, stat within ±20%. */
export function rollGear(random: () => number, playerLevel: number): GearDrop {
  const type = GearType.options[randomInt(random, 0, GearType.options.length - 1)]!;
  const rarity = pickWeighted(random, rarityWeights);
  const level = Math.max(1, playerLevel + randomInt(random, -2, 2));
  const center = level * gearBaseStatPerLevel[type] * rarityStatMultiplier[rarity];
  const statValue = Math.max(1, Math.round(center * (0.8 + random() * 0.4)));
  const name = gearNames[type][rarity];
  return { name, description: `${rarity} ${type.toUpperCase()} tuned for level ${level} operators`, type, rarity, level, statValue };
}

/** A Telnet Core by the T-1..T-5 weights. */
export function rollCore(random: () => number): CoreDrop {
  const weights = Object.fromEntries(coreTypes.map((c) => [c.name, c.weight])) as Record<string, number>;
  const name = pickWeighted(random, weights);
  const core = coreTypes.find((c) => c.name === name)!;
  return { coreTypeId: core.id, coreTypeName: core.name };
}

/** Rolls each decode's drops: gear with gearDropChance × (itemDropRate/0.1), a core with coreDropChance. */
export function rollDrops(
  random: () => number,
  decodes: number,
  playerLevel: number,
  itemDropRate: number,
): { gear: GearDrop[]; cores: CoreDrop[] } {
  const gearChance = balance.gearDropChance * (itemDropRate / balance.startingItemDropRate);
  const gear: GearDrop[] = [];
  const cores: CoreDrop[] = [];
  for (let i = 0; i < decodes; i++) {
    if (random() < gearChance) gear.push(rollGear(random, playerLevel));
    if (random() < balance.coreDropChance) cores.push(rollCore(random));
  }
  return { gear, cores };
}
