import { inArray } from 'drizzle-orm';
import type { Tx } from './connect';
import { users } from './schema';

/**
 * Locks players' rows in id order, the same order in every module (wallet, inventory), so two
 * transactions that lock the same players can never deadlock. Returns the ids that exist.
 */
export async function lockPlayers(tx: Tx, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(users.id).for('no key update');
  return rows.map((r) => r.id);
}
