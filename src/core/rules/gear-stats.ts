import { balance } from '../balance';
import type { GearType } from '../items';

/** The stats gear can change (spec §3 User fields). */
export interface CombatStats {
  attack: number;
  /** Percent (spec §3): crit chance is criticalRate / 100. */
  criticalRate: number;
  /** Percent (spec §3): a crit deals attack × (2 + bonusCriticalHit / 100). */
  bonusCriticalHit: number;
  /** A multiplier base (spec §3 default 0.1, shown as 10 %): gear drop chance × itemDropRate / 0.1. */
  itemDropRate: number;
}

/** The part of a gear item the stats need. */
export interface EquippedGear {
  type: GearType;
  statValue: number;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * What one equipped item adds, in the units of the stat it raises (spec §3, inventory reading; ADR 015):
 * cpu +statValue attack; ram +statValue/10 % crit rate; gpu +statValue/20 % bonus crit;
 * storage +statValue/20 % drop rate, i.e. +statValue/2000 on itemDropRate (where 0.1 = 10 %).
 */
export function gearBonus(item: EquippedGear): Partial<CombatStats> {
  switch (item.type) {
    case 'cpu':
      return { attack: item.statValue };
    case 'ram':
      return { criticalRate: item.statValue / balance.ramStatPerCritPct };
    case 'gpu':
      return { bonusCriticalHit: item.statValue / balance.gpuStatPerBonusCritPct };
    case 'storage':
      return { itemDropRate: item.statValue / balance.storageStatPerDropRatePct / 100 };
  }
}

/**
 * Effective stats: base stats plus every equipped item (one per slot; ignoring a second of a type is
 * the server's job — here each given item counts). Crit rate stops at 100 %, drop rate at
 * maxItemDropRate. Percentages keep 2 decimals and the drop rate 4, so float noise never shows.
 */
export function effectiveStats(base: CombatStats, equipped: readonly EquippedGear[]): CombatStats {
  let { attack, criticalRate, bonusCriticalHit, itemDropRate } = base;
  for (const item of equipped) {
    const bonus = gearBonus(item);
    attack += bonus.attack ?? 0;
    criticalRate += bonus.criticalRate ?? 0;
    bonusCriticalHit += bonus.bonusCriticalHit ?? 0;
    itemDropRate += bonus.itemDropRate ?? 0;
  }
  return {
    attack: Math.round(attack),
    criticalRate: round(Math.min(criticalRate, balance.maxCriticalRatePct), 2),
    bonusCriticalHit: round(bonusCriticalHit, 2),
    itemDropRate: round(Math.min(itemDropRate, balance.maxItemDropRate), 4),
  };
}

/** itemDropRate as the screens show it: 0.1 → 10 (percent). */
export function dropRatePercent(itemDropRate: number): number {
  return round(itemDropRate * 100, 2);
}

/** The line a gear card shows for its stat, in the same reading: "+12 ATK", "+1.5% CRIT", "+0.75% DROP". */
export function gearStatLabel(item: EquippedGear): string {
  const bonus = gearBonus(item);
  if (bonus.attack !== undefined) return `+${bonus.attack} ATK`;
  if (bonus.criticalRate !== undefined) return `+${round(bonus.criticalRate, 2)}% CRIT`;
  if (bonus.bonusCriticalHit !== undefined) return `+${round(bonus.bonusCriticalHit, 2)}% BONUS CRIT`;
  return `+${dropRatePercent(bonus.itemDropRate ?? 0)}% DROP`;
}

/** spec §5/§6: gear above the player's level cannot be equipped. */
export function canEquipAtLevel(gearLevel: number, playerLevel: number): boolean {
  return gearLevel <= playerLevel;
}
