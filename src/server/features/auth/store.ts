import { and, count, eq, gt, inArray, isNull, lt, max, ne, sql } from 'drizzle-orm';
import { deletedUsernamePrefix } from '../../../core/terminal/reserved-names';
import type { Executor } from '../../db/connect';
import { reservedUsernames, sessions, usernameReservations, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function countUsersFromIp(tx: Executor, ip: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.registrationIp, ip));
  return row?.n ?? 0;
}

/** Serialises registrations from one address so the per-IP count cannot be raced. */
export async function lockRegistrationsFromIp(tx: Executor, ip: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7353002, hashtext(${ip}))`);
}

export async function insertUser(tx: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(user).returning();
  return row!;
}

export async function findUserByLoginId(tx: Executor, loginId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.loginId}) = lower(${loginId})`)
    .limit(1);
  return row;
}

export async function findUserById(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUsersByIds(tx: Executor, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(users).where(inArray(users.id, ids));
}

export async function insertSession(
  tx: Executor,
  session: { id: string; userId: number; csrfToken: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(sessions).values(session);
}

/**
 * The live session with its user, in one indexed lookup. It runs on every request, so the
 * statement is built and prepared once: rebuilding drizzle's SQL text cost ~0.5 ms a request.
 */
export function prepareFindLiveSession(db: Executor) {
  const query = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_live_session');
  // An ISO string, since postgres.js will not bind a Date to a placeholder.
  return async (id: string, now: Date) => (await query.execute({ id, now: now.toISOString() }))[0];
}

export async function touchSession(tx: Executor, id: string, now: Date, expiresAt: Date): Promise<void> {
  await tx.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(tx: Executor, id: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionsOfUser(tx: Executor, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function setBanned(tx: Executor, userId: number, banned: boolean): Promise<void> {
  await tx.update(users).set({ banned }).where(eq(users.id, userId));
}

/** Accounts made before usernames had a skeleton (migration 0003), a batch at a time. */
export async function usersWithoutSkeleton(
  tx: Executor,
  limit: number,
): Promise<Array<{ id: number; username: string }>> {
  return tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.usernameSkeleton))
    .orderBy(users.id)
    .limit(limit);
}

/** Sets one account's skeleton unless another account holds it already; true when it was set. */
export async function trySetSkeleton(tx: Executor, id: number, skeleton: string): Promise<boolean> {
  try {
    const rows = await tx
      .update(users)
      .set({ usernameSkeleton: skeleton })
      .where(
        and(
          eq(users.id, id),
          isNull(users.usernameSkeleton),
          sql`NOT EXISTS (SELECT 1 FROM ${users} u2 WHERE u2.username_skeleton = ${skeleton})`,
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  } catch (error) {
    // Another instance starting at the same time took that skeleton first.
    const e = error as { code?: string; cause?: { code?: string } };
    if (e?.code === '23505' || e?.cause?.code === '23505') return false;
    throw error;
  }
}

/**
 * Whether a login ID or a username (by case or look-alike skeleton) is taken, the name (or a look-alike)
 * was retired by a moderator's rename (ADR 060), or it is still held at `at` after an account's deletion
 * (ADR 057): checked before hashing.
 */
export async function isNameTaken(
  tx: Executor,
  loginId: string,
  username: string,
  skeleton: string,
  at: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(users)
    .where(
      sql`lower(${users.loginId}) = lower(${loginId}) OR lower(${users.username}) = lower(${username}) OR ${users.usernameSkeleton} = ${skeleton}`,
    )
    .limit(1);
  if (row) return true;
  const [reserved] = await tx
    .select({ one: sql<number>`1` })
    .from(reservedUsernames)
    .where(eq(reservedUsernames.skeleton, skeleton))
    .limit(1);
  if (reserved !== undefined) return true;
  const [held] = await tx
    .select({ one: sql<number>`1` })
    .from(usernameReservations)
    .where(and(eq(usernameReservations.skeleton, skeleton), gt(usernameReservations.reservedUntil, at)))
    .limit(1);
  return held !== undefined;
}

/** Retires a renamed player's old name (its skeleton), so nobody takes it or a look-alike again. */
export async function reserveUsername(
  tx: Executor,
  r: { skeleton: string; username: string; userId: number; at: Date },
): Promise<void> {
  await tx
    .insert(reservedUsernames)
    .values({ skeleton: r.skeleton, username: r.username, userId: r.userId, reservedAt: r.at })
    .onConflictDoNothing();
}

/** The renamed player's chosen name; false when no rename is pending any more (a second tab chose first). */
export async function setChosenUsername(
  tx: Executor,
  userId: number,
  username: string,
  skeleton: string,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ username, usernameSkeleton: skeleton, renameRequired: false })
    .where(and(eq(users.id, userId), eq(users.renameRequired, true)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Holds a username's skeleton until `until` (or later, if it is held longer already). */
export async function reserveSkeleton(
  tx: Executor,
  r: { skeleton: string; until: Date; reason: string },
): Promise<void> {
  await tx
    .insert(usernameReservations)
    .values({ skeleton: r.skeleton, reservedUntil: r.until, reason: r.reason })
    .onConflictDoUpdate({
      target: usernameReservations.skeleton,
      set: {
        reservedUntil: sql`greatest(${usernameReservations.reservedUntil}, excluded.reserved_until)`,
        reason: r.reason,
      },
    });
}

/** Deletes up to `limit` reservations that ended before `at` (housekeeping, ADR 048). */
export async function deleteEndedReservations(db: Executor, at: Date, limit: number): Promise<number> {
  const ended = db
    .select({ skeleton: usernameReservations.skeleton })
    .from(usernameReservations)
    .where(lt(usernameReservations.reservedUntil, at))
    .limit(limit);
  const gone = await db
    .delete(usernameReservations)
    .where(inArray(usernameReservations.skeleton, ended))
    .returning({ skeleton: usernameReservations.skeleton });
  return gone.length;
}

/**
 * Anonymises a deleted account's row (ADR 057): the row and its id stay, so the ledger, bits and
 * history keep their owner; nothing on it identifies the person, and nobody can sign in to it.
 */
export async function anonymiseUser(tx: Executor, userId: number, at: Date): Promise<void> {
  const username = `${deletedUsernamePrefix}${userId}`;
  await tx
    .update(users)
    .set({
      username,
      // \u0001 is never in a username (control characters are refused), so no skeleton made from one collides.
      usernameSkeleton: `\u0001deleted:${userId}`,
      // '.' is never in a login ID (spec §2), and no argon2 hash verifies against '!'.
      loginId: `deleted.${userId}`,
      passwordHash: '!',
      registrationIp: '',
      decodeTiming: null,
      banned: true,
      deletedAt: at,
    })
    .where(eq(users.id, userId));
}

/** Ends every session of a player; returns the ids that went. */
export async function deleteAllSessions(tx: Executor, userId: number): Promise<string[]> {
  const gone = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return gone.map((row) => row.id);
}

/** Deletes up to `limit` sessions that expired before `at`, oldest first; returns how many went. */
export async function deleteExpiredSessions(db: Executor, at: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lt(sessions.expiresAt, at))
    .orderBy(sessions.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const gone = await db.delete(sessions).where(inArray(sessions.id, oldest)).returning({ id: sessions.id });
  return gone.length;
}

export async function setPasswordHash(tx: Executor, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Ends every session of a player but `keepId`; returns the ids that went. */
export async function deleteOtherSessions(tx: Executor, userId: number, keepId: string): Promise<string[]> {
  const gone = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return gone.map((row) => row.id);
}

/** How many unexpired sessions a player has and when one was last used (never their tokens). */
export async function sessionsSummary(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ open: number; lastSeen: Date | null }> {
  const [row] = await db
    .select({ open: count(), lastSeen: max(sessions.lastSeenAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return { open: Number(row?.open ?? 0), lastSeen: row?.lastSeen ?? null };
}

/** A unique index refused the write (a name or login ID taken by a concurrent request). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
