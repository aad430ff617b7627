import { and, asc, desc, eq, gt, lt, max, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { chatMessages, chatReads, users } from '../../db/schema';

/** Serialises one player's sends across instances, so the send limit cannot be raced. */
export async function lockSender(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7353010, ${userId})`);
}

/** The player's latest lines, newest first: enough to judge the send limit and a repeat. */
export async function latestLinesOf(tx: Executor, userId: number, count: number) {
  return tx
    .select({ message: chatMessages.message, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(count);
}

export async function insertMessage(tx: Executor, row: { userId: number; message: string; createdAt: Date }) {
  const [inserted] = await tx.insert(chatMessages).values(row).returning();
  return inserted!;
}

const lineColumns = {
  id: chatMessages.id,
  userId: chatMessages.userId,
  username: users.username,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
};

/**
 * One page of history, newest first, one row more than asked so the caller knows if older ones exist.
 * Lines by `hiddenAuthors` (the viewer's ignore list, bounded) are left out.
 */
export async function pageBefore(
  tx: Executor,
  before: number | undefined,
  limit: number,
  hiddenAuthors: number[] = [],
) {
  return tx
    .select(lineColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        before === undefined ? undefined : lt(chatMessages.id, before),
        hiddenAuthors.length ? notInArray(chatMessages.userId, hiddenAuthors) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
}

export async function lineById(tx: Executor, id: number) {
  const [row] = await tx
    .select(lineColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.id, id))
    .limit(1);
  return row ?? null;
}

export async function latestMessageId(tx: Executor): Promise<number> {
  const [row] = await tx.select({ id: max(chatMessages.id) }).from(chatMessages);
  return Number(row?.id ?? 0);
}

/** Moves the player's read mark forward to `upToId` (never back). */
export async function markReadUpTo(tx: Executor, userId: number, upToId: number): Promise<void> {
  await tx
    .insert(chatReads)
    .values({ userId, lastReadId: upToId })
    .onConflictDoUpdate({
      target: chatReads.userId,
      set: { lastReadId: sql`greatest(${chatReads.lastReadId}, excluded.last_read_id)` },
    });
}

/** Whether someone else (not one of `hiddenAuthors`) wrote a line after the player's read mark. */
export async function hasUnread(tx: Executor, userId: number, hiddenAuthors: number[] = []): Promise<boolean> {
  const readMark = sql`coalesce((SELECT ${chatReads.lastReadId} FROM ${chatReads} WHERE ${chatReads.userId} = ${userId}), 0)`;
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(chatMessages)
    .where(
      and(
        sql`${chatMessages.id} > ${readMark}`,
        sql`${chatMessages.userId} <> ${userId}`,
        hiddenAuthors.length ? notInArray(chatMessages.userId, hiddenAuthors) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function hasSent(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** A player's latest lines with their ids, newest first (the console's player view). */
export async function recentLinesOf(tx: Executor, userId: number, count: number) {
  return tx
    .select({ id: chatMessages.id, message: chatMessages.message, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(count);
}

/** A line's author, read before the action locks them (players are locked before feature rows, ADR 044). */
export async function authorOf(tx: Executor, messageId: number): Promise<number | null> {
  const [row] = await tx
    .select({ userId: chatMessages.userId })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  return row?.userId ?? null;
}

/** Deletes one line; null when it is already gone (another moderator removed it first). */
export async function deleteMessage(tx: Executor, messageId: number) {
  const [row] = await tx.delete(chatMessages).where(eq(chatMessages.id, messageId)).returning();
  return row ?? null;
}

/** Erases a deleted account's chat lines and read mark (ADR 057); returns how many lines went. */
export async function deleteLinesOf(tx: Executor, userId: number): Promise<number> {
  const gone = await tx.delete(chatMessages).where(eq(chatMessages.userId, userId)).returning({ id: chatMessages.id });
  await tx.delete(chatReads).where(eq(chatReads.userId, userId));
  return gone.length;
}

/** One page of a player's own chat lines by id, for their data export (ADR 057). */
export function chatLinesPage(db: Executor, userId: number, after: number, limit: number) {
  return db
    .select({ id: chatMessages.id, message: chatMessages.message, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}
