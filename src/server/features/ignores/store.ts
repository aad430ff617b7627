import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { ignores, users } from '../../db/schema';

/** The player's ignore list with names, newest first (bounded by the cap on insert). */
export async function listOf(tx: Executor, userId: number, limit: number) {
  return tx
    .select({ userId: ignores.ignoredUserId, username: users.username, createdAt: ignores.createdAt })
    .from(ignores)
    .innerJoin(users, eq(users.id, ignores.ignoredUserId))
    .where(eq(ignores.userId, userId))
    .orderBy(desc(ignores.createdAt), desc(ignores.ignoredUserId))
    .limit(limit);
}

/** Just the ids: what the history and Ping filters need. */
export async function idsOf(tx: Executor, userId: number, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: ignores.ignoredUserId })
    .from(ignores)
    .where(eq(ignores.userId, userId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function isIgnoring(tx: Executor, userId: number, otherId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(ignores)
    .where(and(eq(ignores.userId, userId), eq(ignores.ignoredUserId, otherId)))
    .limit(1);
  return row !== undefined;
}

export async function countOf(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(ignores).where(eq(ignores.userId, userId));
  return Number(row?.n ?? 0);
}

/** Adds the pair once; a repeat changes nothing (the first time is kept). */
export async function insert(
  tx: Executor,
  row: { userId: number; ignoredUserId: number; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx.insert(ignores).values(row).onConflictDoNothing().returning({ id: ignores.ignoredUserId });
  return inserted.length > 0;
}

export async function find(tx: Executor, userId: number, otherId: number) {
  const [row] = await tx
    .select({ createdAt: ignores.createdAt })
    .from(ignores)
    .where(and(eq(ignores.userId, userId), eq(ignores.ignoredUserId, otherId)))
    .limit(1);
  return row ?? null;
}

export async function remove(tx: Executor, userId: number, otherId: number): Promise<boolean> {
  const gone = await tx
    .delete(ignores)
    .where(and(eq(ignores.userId, userId), eq(ignores.ignoredUserId, otherId)))
    .returning({ id: ignores.ignoredUserId });
  return gone.length > 0;
}

/** A player by username, case-insensitively (usernames are unique that way). */
export async function findPlayerByUsername(tx: Executor, username: string) {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}
