import type { EquippedGear } from '../../core/rules/gear-stats';
import type { Executor, Tx } from '../db/connect';
import { lockHeldItem } from './held-item';
import * as store from './store';
import type { GearItem, InEscrow, NotFound } from './types';

export type EquipResult =
  { kind: 'equipped' | 'unequipped'; gear: GearItem } | { kind: 'level-too-low'; level: number } | NotFound | InEscrow;

/**
 * Puts gear the player holds into its type's slot (the one there before comes out) or takes it out
 * (spec §4; ADR 015). Locked like every item change, so equip cannot race a listing or a destroy.
 */
export async function setEquipped(
  tx: Tx,
  r: { userId: number; gearId: number; equip: boolean; playerLevel: number },
): Promise<EquipResult> {
  const held = await lockHeldItem(tx, r.userId, { kind: 'gear', id: r.gearId });
  if (held.kind !== 'held') return held;
  const row = (await store.readGear(tx, r.gearId))!;
  const gear: GearItem = {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    rarity: row.rarity,
    level: row.level,
    statValue: row.statValue,
  };
  if (!r.equip) {
    await store.setEquippedFlag(tx, r.gearId, false);
    return { kind: 'unequipped', gear };
  }
  // spec §5: gear above the player's level cannot be equipped.
  if (row.level > r.playerLevel) return { kind: 'level-too-low', level: row.level };
  // Sent together and run in this order: the slot is emptied, then this gear fills it (ADR 078).
  await Promise.all([store.unequipType(tx, r.userId, row.type), store.setEquippedFlag(tx, r.gearId, true)]);
  return { kind: 'equipped', gear };
}

/** Each player's equipped gear, in one query. */
export async function equippedGear(tx: Executor, userIds: number[]): Promise<Map<number, EquippedGear[]>> {
  const byPlayer = new Map<number, EquippedGear[]>(userIds.map((id) => [id, []]));
  for (const row of await store.equippedOf(tx, [...new Set(userIds)]))
    byPlayer.get(row.userId!)?.push({ type: row.type, statValue: row.statValue });
  return byPlayer;
}
