import { eq, inArray, sql } from 'drizzle-orm';
import type { GearDrop } from '../../../core/rules/drops';
import type { Executor } from '../../db/connect';
import { gear, telnetCores } from '../../db/schema';

export async function insertGear(tx: Executor, userId: number, drops: GearDrop[]) {
  if (drops.length === 0) return [];
  return tx
    .insert(gear)
    .values(drops.map((d) => ({ userId, ...d })))
    .returning({ id: gear.id, name: gear.name, type: gear.type, rarity: gear.rarity, level: gear.level, statValue: gear.statValue });
}

export async function listGear(tx: Executor, userId: number) {
  return tx.select().from(gear).where(eq(gear.userId, userId)).orderBy(gear.id);
}

/**
 * Items held per player: gear plus cores not yet used (spec §3: capacity 50, gear plus cores).
 * Read under the tap transaction's user row lock, so two batches cannot both take the last slot.
 */
export async function countInventory(tx: Executor, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const gearRows = await tx
    .select({ userId: gear.userId, n: sql<number>`count(*)::int` })
    .from(gear)
    .where(inArray(gear.userId, userIds))
    .groupBy(gear.userId);
  const coreRows = await tx
    .select({ userId: telnetCores.userId, n: sql<number>`count(*)::int` })
    .from(telnetCores)
    .where(sql`${telnetCores.userId} in ${userIds} and not ${telnetCores.isUsed}`)
    .groupBy(telnetCores.userId);
  for (const r of [...gearRows, ...coreRows]) counts.set(r.userId, (counts.get(r.userId) ?? 0) + Number(r.n));
  return counts;
}
