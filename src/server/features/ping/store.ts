import { aliasedTable, and, asc, desc, eq, gt, isNull, lt, not, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connect';
import { pingSystemLines, privateMessages, users } from '../../db/schema';
import { intArray } from '../../db/param-sets';
import { developerLoginId } from './directory-store';

// Ping's private messages and system lines; who the directory lists is in directory-store.ts.

/** Serialises one player's private sends across instances, so the send limit cannot be raced. */
export async function lockSender(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7353011, ${userId})`);
}

/** A player who can be written to: a deleted account (ADR 057) is nobody's conversation partner any more. */
export async function findUser(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: users.id,
      username: users.username,
      isDeveloper: sql<boolean>`${users.loginId} = ${developerLoginId}`,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The sender's latest private messages to anyone, newest first. */
export async function latestSentBy(tx: Executor, senderId: number, count: number) {
  return tx
    .select({
      message: privateMessages.message,
      receiverId: privateMessages.receiverId,
      createdAt: privateMessages.createdAt,
    })
    .from(privateMessages)
    .where(eq(privateMessages.senderId, senderId))
    .orderBy(desc(privateMessages.createdAt), desc(privateMessages.id))
    .limit(count);
}

/** The sender's last message to one receiver (what a repeat is judged against). */
export async function lastSentTo(tx: Executor, senderId: number, receiverId: number) {
  const [row] = await tx
    .select({ message: privateMessages.message, createdAt: privateMessages.createdAt })
    .from(privateMessages)
    .where(and(eq(privateMessages.senderId, senderId), eq(privateMessages.receiverId, receiverId)))
    .orderBy(desc(privateMessages.id))
    .limit(1);
  return row;
}

export async function insertMessage(
  tx: Executor,
  row: { senderId: number; receiverId: number; message: string; createdAt: Date; withheld?: boolean; readAt?: Date },
) {
  const [inserted] = await tx.insert(privateMessages).values(row).returning();
  return inserted!;
}

/**
 * One page of the conversation between a and b as a sees it, newest first, plus one row to tell if older
 * ones exist. What was withheld from a is left out, and all of b's lines while a ignores b (ADR 056).
 */
export async function conversationPage(
  tx: Executor,
  a: number,
  b: number,
  before: number | undefined,
  limit: number,
  aIgnoresB = false,
) {
  const pair = or(
    and(eq(privateMessages.senderId, a), eq(privateMessages.receiverId, b)),
    aIgnoresB
      ? undefined
      : and(eq(privateMessages.senderId, b), eq(privateMessages.receiverId, a), eq(privateMessages.withheld, false)),
  );
  return tx
    .select({
      id: privateMessages.id,
      senderId: privateMessages.senderId,
      senderUsername: users.username,
      receiverId: privateMessages.receiverId,
      message: privateMessages.message,
      createdAt: privateMessages.createdAt,
    })
    .from(privateMessages)
    .innerJoin(users, eq(users.id, privateMessages.senderId))
    .where(before === undefined ? pair : and(pair, lt(privateMessages.id, before)))
    .orderBy(desc(privateMessages.id))
    .limit(limit + 1);
}

/** Marks what `senderId` sent to `receiverId` as read. */
export async function markRead(tx: Executor, receiverId: number, senderId: number, at: Date): Promise<void> {
  await tx
    .update(privateMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(privateMessages.receiverId, receiverId),
        eq(privateMessages.senderId, senderId),
        isNull(privateMessages.readAt),
      ),
    );
}

/** spec §3 unread directories: who sent the player messages they have not read (not those the player ignores). */
export async function unreadSenders(tx: Executor, userId: number, ignored: number[] = []): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ username: users.username })
    .from(privateMessages)
    .innerJoin(users, eq(users.id, privateMessages.senderId))
    .where(
      and(
        eq(privateMessages.receiverId, userId),
        isNull(privateMessages.readAt),
        eq(privateMessages.withheld, false),
        ignored.length ? notInArray(privateMessages.senderId, ignored) : undefined,
      ),
    )
    .orderBy(asc(users.username));
  return rows.map((r) => r.username);
}

/** Everyone the player has exchanged messages with, most recent conversation first; not those the player ignores. */
export async function conversationPartners(
  tx: Executor,
  userId: number,
  limit: number,
  ignored: number[] = [],
): Promise<string[]> {
  const partner = sql`CASE WHEN ${privateMessages.senderId} = ${userId} THEN ${privateMessages.receiverId} ELSE ${privateMessages.senderId} END`;
  const rows = await tx
    .select({ username: users.username, lastId: sql<number>`max(${privateMessages.id})` })
    .from(privateMessages)
    .innerJoin(users, sql`${users.id} = ${partner}`)
    .where(
      and(
        or(
          eq(privateMessages.senderId, userId),
          and(eq(privateMessages.receiverId, userId), eq(privateMessages.withheld, false)),
        ),
        ignored.length ? not(sql`${partner} = any(${intArray(ignored)})`) : undefined,
      ),
    )
    .groupBy(users.username)
    .orderBy(desc(sql`max(${privateMessages.id})`))
    .limit(limit);
  return rows.map((r) => r.username);
}

export async function hasSent(tx: Executor, senderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(privateMessages)
    .where(eq(privateMessages.senderId, senderId))
    .limit(1);
  return row !== undefined;
}

/** A system line for one player, inside the caller's transaction (the hack's). */
export async function insertSystemLine(tx: Executor, row: { userId: number; message: string; createdAt: Date }) {
  const [inserted] = await tx
    .insert(pingSystemLines)
    .values(row)
    .returning({ id: pingSystemLines.id, message: pingSystemLines.message, createdAt: pingSystemLines.createdAt });
  return inserted!;
}

/** The player's latest system lines, newest first. */
export async function systemLines(tx: Executor, userId: number, limit: number) {
  return tx
    .select({ id: pingSystemLines.id, message: pingSystemLines.message, createdAt: pingSystemLines.createdAt })
    .from(pingSystemLines)
    .where(eq(pingSystemLines.userId, userId))
    .orderBy(desc(pingSystemLines.id))
    .limit(limit);
}

const receivers = aliasedTable(users, 'receivers');

/** One private message the viewer sent, or received and was not withheld from them; null for anyone else's. */
export async function messageSeenBy(tx: Executor, viewerId: number, id: number) {
  const [row] = await tx
    .select({
      id: privateMessages.id,
      senderId: privateMessages.senderId,
      senderUsername: users.username,
      receiverId: privateMessages.receiverId,
      receiverUsername: receivers.username,
      message: privateMessages.message,
      createdAt: privateMessages.createdAt,
    })
    .from(privateMessages)
    .innerJoin(users, eq(users.id, privateMessages.senderId))
    .innerJoin(receivers, eq(receivers.id, privateMessages.receiverId))
    .where(
      and(
        eq(privateMessages.id, id),
        or(
          eq(privateMessages.senderId, viewerId),
          and(eq(privateMessages.receiverId, viewerId), eq(privateMessages.withheld, false)),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The Pings a player sent, newest first, with each receiver's name (the console's player view; never what they received). */
export async function recentSentBy(tx: Executor, senderId: number, count: number) {
  return tx
    .select({
      id: privateMessages.id,
      toUsername: users.username,
      message: privateMessages.message,
      createdAt: privateMessages.createdAt,
    })
    .from(privateMessages)
    .innerJoin(users, eq(users.id, privateMessages.receiverId))
    .where(eq(privateMessages.senderId, senderId))
    .orderBy(desc(privateMessages.createdAt), desc(privateMessages.id))
    .limit(count);
}

/**
 * Erases a deleted account's Ping (ADR 057): every private message it sent or received and its
 * system lines. Returns the players who had unread messages from it, whose unread lists change.
 */
export async function deleteMessagesOf(tx: Executor, userId: number): Promise<number[]> {
  const gone = await tx
    .delete(privateMessages)
    .where(or(eq(privateMessages.senderId, userId), eq(privateMessages.receiverId, userId)))
    .returning({ receiverId: privateMessages.receiverId, readAt: privateMessages.readAt });
  await tx.delete(pingSystemLines).where(eq(pingSystemLines.userId, userId));
  return [...new Set(gone.filter((m) => m.readAt === null && m.receiverId !== userId).map((m) => m.receiverId))];
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/** The player's conversations, both directions (ADR 057: a conversation is its participants' data). */
export function privateMessagesPage(
  db: Executor,
  userId: number,
  direction: 'sent' | 'received',
  after: number,
  limit: number,
) {
  const mine = direction === 'sent' ? eq(privateMessages.senderId, userId) : eq(privateMessages.receiverId, userId);
  return db
    .select({
      id: privateMessages.id,
      from: sender.username,
      to: receiver.username,
      message: privateMessages.message,
      createdAt: privateMessages.createdAt,
      readAt: privateMessages.readAt,
    })
    .from(privateMessages)
    .innerJoin(sender, eq(sender.id, privateMessages.senderId))
    .innerJoin(receiver, eq(receiver.id, privateMessages.receiverId))
    .where(and(mine, gt(privateMessages.id, after)))
    .orderBy(asc(privateMessages.id))
    .limit(limit);
}
