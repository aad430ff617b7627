import { balance } from '../../core/balance';
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

/** Which toast a batch's drops deserve: the full-inventory warning, the loot list, or none. */
export type DropToastKind = 'inventory-full' | 'loot' | null;

/**
 * A full inventory is said at most once per inventoryFullToastGapMs, not every few dozen decodes.
 * Inside the gap, a batch that still kept some drops shows them as loot; one that kept nothing shows nothing.
 */
export function dropToastKind(
  summary: DropSummary | null,
  lastFullShownAtMs: number | null,
  nowMs: number,
): DropToastKind {
  if (!summary) return null;
  const fullDue = lastFullShownAtMs === null || nowMs - lastFullShownAtMs >= balance.inventoryFullToastGapMs;
  if (summary.inventoryFull && fullDue) return 'inventory-full';
  return summary.gear.length + summary.cores.length > 0 ? 'loot' : null;
}
