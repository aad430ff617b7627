import { z } from 'zod';

/**
 * The item vocabulary, defined once: gear types and slots, rarities, Telnet Core types and the kinds
 * of item that can be held, destroyed or listed. Drops, the schema, the contracts, the market and the
 * screens all import these names (ADR 015: storage is the fourth gear type, in its own slot).
 */

/** spec §3: cpu, ram, gpu, and storage (which the spec names in the market mapping and the drop-rate stat). */
export const gearTypes = ['cpu', 'ram', 'gpu', 'storage'] as const;
export const GearType = z.enum(gearTypes);
export type GearType = z.infer<typeof GearType>;

/** spec §3: rarities, lowest first (the order "clear lowest rarity" and sorting use). */
export const rarities = ['common', 'rare', 'epic', 'legendary'] as const;
export const Rarity = z.enum(rarities);
export type Rarity = z.infer<typeof Rarity>;

/** What each gear type raises (spec §3 "gear stat meaning"); the numbers are in rules/gear-stats.ts. */
export const gearStat = {
  cpu: 'attack',
  ram: 'criticalRate',
  gpu: 'bonusCriticalHit',
  storage: 'itemDropRate',
} as const satisfies Record<GearType, string>;
export type GearStat = (typeof gearStat)[GearType];

/** The equipment panel's slot label per type (spec §2: CPU, RAM, GPU; ADR 015 adds STORAGE). */
export const slotLabel: Record<GearType, string> = { cpu: 'CPU', ram: 'RAM', gpu: 'GPU', storage: 'STORAGE' };

/** Telnet Core type names (spec §9 Virus table: T-1 … T-5); ids 1–5 in the database, in this order. */
export const coreTypeNames = ['T-1', 'T-2', 'T-3', 'T-4', 'T-5'] as const;
export const CoreTypeName = z.enum(coreTypeNames);
export type CoreTypeName = z.infer<typeof CoreTypeName>;

/** spec §3 listing itemType: gear or telnet-core; also the kind of item in a bulk destroy. */
export const itemKinds = ['gear', 'telnet-core'] as const;
export const ItemKind = z.enum(itemKinds);
export type ItemKind = z.infer<typeof ItemKind>;

/** A core's display name, as drops and the inventory show it: "T-3 Telnet Core". */
export function coreDisplayName(name: CoreTypeName | string): string {
  return `${name} Telnet Core`;
}

/** Rank of a rarity, 0 = common: lower ranks are cleared first. */
export function rarityRank(rarity: Rarity): number {
  return rarities.indexOf(rarity);
}

/** A rarity in words, as every list shows it beside its colour (the colour alone is no cue): "EPIC". */
export function rarityWord(rarity: Rarity): string {
  return rarity.toUpperCase();
}
