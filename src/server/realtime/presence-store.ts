import { and, eq, gt, inArray, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { presence, sessions, users } from '../db/schema';

// Presence times come from the database's clock, the one clock every instance shares.
const freshSince = (ttlMs: number) => sql`now() - (${ttlMs} * interval '1 millisecond')`;

/** SQL that is true when the player in `userId` has a fresh presence row on any instance. */
export function isOnlineSql(userId: SQLWrapper, ttlMs: number) {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${presence} WHERE ${presence.userId} = ${userId} AND ${presence.seenAt} > ${freshSince(ttlMs)})`;
}

// PostgreSQL binds at most 65,535 parameters a statement: thousands of players go in slices.
const sliceSize = 5000;
function slices<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += sliceSize) out.push(items.slice(i, i + sliceSize));
  return out;
}

/** Marks players as connected to this instance now (insert or refresh). */
export async function touchPresence(tx: Executor, instanceId: string, userIds: number[]): Promise<void> {
  for (const slice of slices(userIds)) {
    await tx
      .insert(presence)
      .values(slice.map((userId) => ({ instanceId, userId, seenAt: sql`now()` })))
      .onConflictDoUpdate({ target: [presence.instanceId, presence.userId], set: { seenAt: sql`now()` } });
  }
}

export async function removePresence(tx: Executor, instanceId: string, userId: number): Promise<void> {
  await tx.delete(presence).where(and(eq(presence.instanceId, instanceId), eq(presence.userId, userId)));
}

/** Removes all of this instance's rows (clean shutdown); returns whose they were. */
export async function clearInstance(tx: Executor, instanceId: string): Promise<number[]> {
  const rows = await tx
    .delete(presence)
    .where(eq(presence.instanceId, instanceId))
    .returning({ userId: presence.userId });
  return rows.map((r) => r.userId);
}

/** Removes rows a crashed instance left behind; returns whose they were. DELETE … RETURNING hands each row to one sweeper. */
export async function sweepStale(tx: Executor, ttlMs: number): Promise<number[]> {
  const rows = await tx
    .delete(presence)
    .where(lt(presence.seenAt, freshSince(ttlMs)))
    .returning({ userId: presence.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

/** The players among `userIds` connected to any instance. */
export async function onlineAmong(tx: Executor, userIds: number[], ttlMs: number): Promise<Set<number>> {
  const online = new Set<number>();
  for (const slice of slices(userIds)) {
    const rows = await tx
      .selectDistinct({ userId: presence.userId })
      .from(presence)
      .where(and(inArray(presence.userId, slice), gt(presence.seenAt, freshSince(ttlMs))));
    rows.forEach((r) => online.add(r.userId));
  }
  return online;
}

/** The sessions among `ids` that are still live and not banned (sockets of the others close). */
export async function liveSessionIds(tx: Executor, ids: string[], now: Date): Promise<Set<string>> {
  const live = new Set<string>();
  for (const slice of slices(ids)) {
    const rows = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, slice), gt(sessions.expiresAt, now), eq(users.banned, false)));
    rows.forEach((r) => live.add(r.id));
  }
  return live;
}
