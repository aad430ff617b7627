import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CoreDrop, GearDrop } from '../../core/rules/drops';
import type { Executor, Tx } from '../db/connect';
import { fixedRows } from '../db/fixed-sql';
import { arrayLiteral, intArray } from '../db/param-sets';
import { rowsOf } from '../db/rows';
import { escrows, gear, telnetCores } from '../db/schema';
import type { CoreItem, EscrowPurpose, GearItem, ItemRef } from './types';

/**
 * Items counted against each player's cap (spec §3: 50, gear plus cores): what they hold, plus
 * what sits in their open escrows; opened cores are spent and do not count.
 */
export async function countHeld(tx: Executor, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const ids = intArray(userIds);
  const result = await tx.execute(sql`
    SELECT holder, count(*)::int AS n FROM (
      SELECT user_id AS holder FROM gear WHERE user_id = any(${ids})
      UNION ALL SELECT user_id FROM telnet_cores WHERE user_id = any(${ids}) AND NOT is_used
      UNION ALL SELECT e.depositor_id FROM escrows e JOIN gear g ON g.escrow_id = e.id
        WHERE e.depositor_id = any(${ids}) AND e.released_at IS NULL
      UNION ALL SELECT e.depositor_id FROM escrows e JOIN telnet_cores c ON c.escrow_id = e.id
        WHERE e.depositor_id = any(${ids}) AND e.released_at IS NULL
    ) held GROUP BY holder`);
  for (const r of rowsOf<{ holder: number; n: number }>(result)) counts.set(Number(r.holder), Number(r.n));
  return counts;
}

export async function insertGear(tx: Tx, userId: number, drops: GearDrop[]): Promise<GearItem[]> {
  if (drops.length === 0) return [];
  return tx
    .insert(gear)
    .values(drops.map((d) => ({ userId, ...d })))
    .returning({
      id: gear.id,
      name: gear.name,
      description: gear.description,
      type: gear.type,
      rarity: gear.rarity,
      level: gear.level,
      statValue: gear.statValue,
    });
}

export async function insertCores(tx: Tx, userId: number, drops: CoreDrop[]): Promise<CoreItem[]> {
  if (drops.length === 0) return [];
  return tx
    .insert(telnetCores)
    .values(drops.map((d) => ({ userId, coreTypeId: d.coreTypeId })))
    .returning({ id: telnetCores.id, coreTypeId: telnetCores.coreTypeId });
}

export interface LockedItem {
  userId: number | null;
  escrowId: number | null;
  /** The depositor of the open escrow holding it, if any. */
  depositorId: number | null;
  isEquipped: boolean;
  isUsed: boolean;
}

/** Reads an item and locks its row until the transaction ends. */
export async function lockItem(tx: Tx, item: ItemRef): Promise<LockedItem | undefined> {
  const table = item.kind === 'gear' ? sql`gear` : sql`telnet_cores`;
  const flags = item.kind === 'gear' ? sql`i.is_equipped, false AS is_used` : sql`false AS is_equipped, i.is_used`;
  const result = await tx.execute(sql`
    SELECT i.user_id, i.escrow_id, e.depositor_id, ${flags}
    FROM ${table} i LEFT JOIN escrows e ON e.id = i.escrow_id
    WHERE i.id = ${item.id} FOR UPDATE OF i`);
  const [row] = rowsOf<{
    user_id: number | null;
    escrow_id: number | null;
    depositor_id: number | null;
    is_equipped: boolean;
    is_used: boolean;
  }>(result);
  if (!row) return undefined;
  const id = (v: number | null) => (v === null ? null : Number(v));
  return {
    userId: id(row.user_id),
    escrowId: id(row.escrow_id),
    depositorId: id(row.depositor_id),
    isEquipped: row.is_equipped,
    isUsed: row.is_used,
  };
}

export async function deleteItem(tx: Tx, item: ItemRef): Promise<void> {
  if (item.kind === 'gear') await tx.delete(gear).where(eq(gear.id, item.id));
  else await tx.delete(telnetCores).where(eq(telnetCores.id, item.id));
}

/** Deletes every item a player holds outright (not in escrow); returns how many went. */
export async function deleteAllHeld(tx: Tx, userId: number): Promise<number> {
  const [gone, cores] = await Promise.all([
    tx.delete(gear).where(eq(gear.userId, userId)).returning({ id: gear.id }),
    tx.delete(telnetCores).where(eq(telnetCores.userId, userId)).returning({ id: telnetCores.id }),
  ]);
  return gone.length + cores.length;
}

/** Gives an item one holder: a player or an escrow (the schema's CHECK allows nothing else). */
export async function setHolder(
  tx: Tx,
  item: ItemRef,
  holder: { userId: number } | { escrowId: number },
): Promise<void> {
  const set =
    'userId' in holder ? { userId: holder.userId, escrowId: null } : { userId: null, escrowId: holder.escrowId };
  if (item.kind === 'gear') await tx.update(gear).set(set).where(eq(gear.id, item.id));
  else await tx.update(telnetCores).set(set).where(eq(telnetCores.id, item.id));
}

export async function insertEscrow(
  tx: Tx,
  e: { depositorId: number; purpose: EscrowPurpose; reference: string },
): Promise<number> {
  const [row] = await tx.insert(escrows).values(e).returning({ id: escrows.id });
  return row!.id;
}

export async function findEscrow(tx: Executor, escrowId: number, lock: boolean) {
  const query = tx.select().from(escrows).where(eq(escrows.id, escrowId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Both reads leave together (one round trip on PostgreSQL, ADR 078). */
export async function escrowItems(tx: Executor, escrowId: number): Promise<ItemRef[]> {
  const [g, c] = await Promise.all([
    tx.select({ id: gear.id }).from(gear).where(eq(gear.escrowId, escrowId)).orderBy(gear.id),
    tx
      .select({ id: telnetCores.id })
      .from(telnetCores)
      .where(eq(telnetCores.escrowId, escrowId))
      .orderBy(telnetCores.id),
  ]);
  return [
    ...g.map((r) => ({ kind: 'gear' as const, id: r.id })),
    ...c.map((r) => ({ kind: 'core' as const, id: r.id })),
  ];
}

/**
 * Closes an open escrow and hands its items to a player, in three statements under the escrow's
 * lock, sent together: none depends on another's answer (one round trip on PostgreSQL, ADR 078).
 */
export async function closeEscrow(tx: Tx, escrowId: number, toUserId: number): Promise<void> {
  await Promise.all([
    tx
      .update(escrows)
      .set({ releasedAt: sql`now()`, releasedToId: toUserId })
      .where(and(eq(escrows.id, escrowId), isNull(escrows.releasedAt))),
    tx.update(gear).set({ userId: toUserId, escrowId: null }).where(eq(gear.escrowId, escrowId)),
    tx.update(telnetCores).set({ userId: toUserId, escrowId: null }).where(eq(telnetCores.escrowId, escrowId)),
  ]);
}

/** Marks a held, unopened core opened, with its reward; null when it is not such a core. */
export async function markCoreOpened(tx: Tx, userId: number, coreId: number, telnetRewarded: number) {
  const [row] = await tx
    .update(telnetCores)
    .set({ isOpened: true, isUsed: true, telnetRewarded })
    .where(and(eq(telnetCores.id, coreId), eq(telnetCores.userId, userId), eq(telnetCores.isUsed, false)))
    .returning({ coreTypeId: telnetCores.coreTypeId });
  return row ?? null;
}

export async function listGear(tx: Executor, userId: number) {
  return tx.select().from(gear).where(eq(gear.userId, userId)).orderBy(gear.id);
}

export async function listCores(tx: Executor, userId: number) {
  return tx.select().from(telnetCores).where(eq(telnetCores.userId, userId)).orderBy(telnetCores.id);
}

/** Takes the player's gear of one type out of its slot (one slot per type: equipping replaces). */
export async function unequipType(tx: Tx, userId: number, type: GearItem['type']): Promise<void> {
  await tx
    .update(gear)
    .set({ isEquipped: false })
    .where(and(eq(gear.userId, userId), eq(gear.type, type), eq(gear.isEquipped, true)));
}

export async function setEquippedFlag(tx: Tx, gearId: number, equipped: boolean): Promise<void> {
  await tx.update(gear).set({ isEquipped: equipped }).where(eq(gear.id, gearId));
}

export async function readGear(tx: Executor, gearId: number) {
  const [row] = await tx.select().from(gear).where(eq(gear.id, gearId));
  return row;
}

/** Equipped gear of many players in one query (the taps' group commit and the user views). */
export async function equippedOf(tx: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  // Fixed text (fixed-sql.ts, ADR 078): every tap group and user view reads it.
  const rows = await fixedRows<{ user_id: number; type: GearItem['type']; stat_value: number }>(
    tx,
    'SELECT user_id, type, stat_value FROM gear WHERE user_id = any($1::int[]) AND is_equipped',
    [arrayLiteral(userIds)],
  );
  return rows.map((r) => ({ userId: Number(r.user_id), type: r.type, statValue: Number(r.stat_value) }));
}
