import type { TapBatchResponse } from '../../core/api/game';
import type { Rarity } from '../../core/items';

export interface DropSummary {
  gear: { name: string; rarity: Rarity }[];
  cores: { name: string }[];
  /** spec §8: the inventory was full and a drop was lost. */
  inventoryFull: boolean;
}

/** What a tap batch brought that deserves a toast, or null when it brought nothing. */
export function summarizeDrops(result: TapBatchResponse): DropSummary | null {
  const gear = result.gearDrops.map((g) => ({ name: g.name, rarity: g.rarity }));
  const cores = result.telnetCoreDrops.map((c) => ({ name: c.coreTypeName }));
  const inventoryFull = result.inventoryFull || result.lostDrops > 0;
  if (gear.length === 0 && cores.length === 0 && !inventoryFull) return null;
  return { gear, cores, inventoryFull };
}
