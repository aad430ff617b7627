import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The player's keys, oldest first (bounded by the per-player cap on insert). */
export async function listOf(tx: Executor, userId: number): Promise<ApiKeyRow[]> {
  return tx.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function countOf(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insert(tx: Executor, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await tx.insert(apiKeys).values(row).returning();
  return inserted!;
}

/** Deletes one of the player's own keys; another player's id deletes nothing. */
export async function remove(tx: Executor, userId: number, id: number): Promise<boolean> {
  const removed = await tx
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return removed.length > 0;
}

/** One indexed look-up by the secret's hash: a revoked (deleted) key misses at once, on every instance. */
export async function findByHash(
  tx: Executor,
  secretHash: string,
): Promise<{ key: ApiKeyRow; ownerBanned: boolean } | undefined> {
  const [row] = await tx
    .select({ key: apiKeys, ownerBanned: users.banned })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, secretHash))
    .limit(1);
  return row;
}

/** Marks the key used, at most once per `everyMs`, so a busy key does not write on every read. */
export async function touch(tx: Executor, id: number, at: Date, everyMs: number): Promise<void> {
  const staleBefore = new Date(at.getTime() - everyMs);
  await tx
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
