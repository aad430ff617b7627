import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { intArray } from '../../db/param-sets';
import { attacks, fileSystems, fsDirectories, intrusions, users } from '../../db/schema';

export type FileSystemRow = typeof fileSystems.$inferSelect;
export type IntrusionRow = typeof intrusions.$inferSelect;
type Evidence = 'sshedSelfAt' | 'createdDirectoryAt' | 'movedTokenAt' | 'hackedDeveloperAt';

/** A player as the Terminal needs them: to find an ssh target and judge the fair-play rules. */
export async function findPlayerByUsername(tx: Executor, username: string) {
  const [row] = await tx
    .select({
      id: users.id,
      username: users.username,
      level: users.level,
      createdAt: users.createdAt,
      banned: users.banned,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/**
 * scan's candidates (ADR 067): other live players nearest this level first, and the developer box
 * (banned so it cannot log in, yet open). Only public facts and what the fair-play rules need.
 */
export async function scanCandidates(tx: Executor, userId: number, level: number, limit: number) {
  return tx
    .select({
      id: users.id,
      username: users.username,
      level: users.level,
      isDeveloper: sql<boolean>`coalesce(${fileSystems.isDeveloper}, false)`,
      hackedShieldUntil: fileSystems.hackedShieldUntil,
    })
    .from(users)
    .leftJoin(fileSystems, eq(fileSystems.userId, users.id))
    .where(
      and(
        sql`${users.id} <> ${userId}`,
        isNull(users.deletedAt),
        or(eq(users.banned, false), eq(fileSystems.isDeveloper, true)),
      ),
    )
    .orderBy(sql`abs(${users.level} - ${level})`, users.id)
    .limit(limit);
}

export async function findPlayer(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: users.id, username: users.username, level: users.level, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Gives a player their file system (Token at '/') the first time anyone opens it. */
export async function ensureFileSystem(tx: Executor, userId: number): Promise<void> {
  await tx.insert(fileSystems).values({ userId }).onConflictDoNothing();
}

/**
 * Locks a file system's row: mv, rm, mkdir, buy-dir and a hack of its owner take turns on it. Always
 * after the players' rows (lockPlayers) and before any intrusion row: the Terminal's lock order (ADR 049).
 */
export async function lockFileSystem(tx: Tx, userId: number): Promise<FileSystemRow | undefined> {
  const [row] = await tx.select().from(fileSystems).where(eq(fileSystems.userId, userId)).for('update');
  noteFeatureRowLocked(tx);
  return row;
}

/** Locks several file systems in user-id order (a hack: the attacker's and the victim's); same order rule as above. */
export async function lockFileSystems(tx: Tx, userIds: number[]): Promise<Map<number, FileSystemRow>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(fileSystems)
    .where(sql`${fileSystems.userId} = any(${intArray(ids)})`)
    .orderBy(fileSystems.userId)
    .for('update');
  noteFeatureRowLocked(tx);
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function readFileSystem(tx: Executor, userId: number): Promise<FileSystemRow | undefined> {
  const [row] = await tx.select().from(fileSystems).where(eq(fileSystems.userId, userId));
  return row;
}

export async function updateFileSystem(
  tx: Tx,
  userId: number,
  set: Partial<Omit<FileSystemRow, 'userId' | 'isDeveloper'>>,
): Promise<void> {
  await tx.update(fileSystems).set(set).where(eq(fileSystems.userId, userId));
}

/** Stamps a mission's evidence once; true when this call stamped it (the first time). */
export async function stampEvidence(tx: Executor, userId: number, field: Evidence, at: Date): Promise<boolean> {
  const column = fileSystems[field];
  const rows = await tx
    .update(fileSystems)
    .set({ [field]: at })
    .where(and(eq(fileSystems.userId, userId), sql`${column} IS NULL`))
    .returning({ userId: fileSystems.userId });
  return rows.length > 0;
}

export async function directoryExists(tx: Executor, userId: number, path: string): Promise<boolean> {
  if (path === '/') return true;
  const [row] = await tx
    .select({ id: fsDirectories.id })
    .from(fsDirectories)
    .where(and(eq(fsDirectories.userId, userId), eq(fsDirectories.path, path)));
  return row !== undefined;
}

/** The directories directly inside `path` (names only contain [A-Za-z0-9_-], so no LIKE or regex escaping is needed). */
export async function childDirectories(tx: Executor, userId: number, path: string): Promise<string[]> {
  const prefix = path === '/' ? '/' : `${path}/`;
  const rows = await tx
    .select({ path: fsDirectories.path })
    .from(fsDirectories)
    .where(
      and(
        eq(fsDirectories.userId, userId),
        sql`starts_with(${fsDirectories.path}, ${prefix})`,
        sql`strpos(substr(${fsDirectories.path}, ${prefix.length + 1}), '/') = 0`,
      ),
    )
    .orderBy(fsDirectories.path);
  return rows.map((r) => r.path);
}

/** Whether any directory lies under `path`. */
export async function hasSubdirectories(tx: Executor, userId: number, path: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: fsDirectories.id })
    .from(fsDirectories)
    .where(and(eq(fsDirectories.userId, userId), sql`starts_with(${fsDirectories.path}, ${`${path}/`})`))
    .limit(1);
  return row !== undefined;
}

export async function countDirectories(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(fsDirectories).where(eq(fsDirectories.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertDirectory(tx: Tx, userId: number, path: string, at: Date): Promise<void> {
  await tx.insert(fsDirectories).values({ userId, path, createdAt: at });
}

export async function deleteDirectory(tx: Tx, userId: number, path: string): Promise<void> {
  await tx.delete(fsDirectories).where(and(eq(fsDirectories.userId, userId), eq(fsDirectories.path, path)));
}

/** Ends the attacker's open intrusions (a new ssh replaces them): 'expired' past their limit, 'exited' otherwise. */
export async function closeOpenIntrusionsOf(tx: Tx, attackerId: number, atDate: Date): Promise<void> {
  // Raw SQL parameters get no column type: pass the time as text and cast it (postgres-js sends no Date there).
  const at = sql`${atDate.toISOString()}::timestamptz`;
  await tx
    .update(intrusions)
    .set({
      outcome: sql`CASE WHEN ${intrusions.expiresAt} <= ${at} THEN 'expired' ELSE 'exited' END`,
      endedAt: sql`LEAST(${intrusions.expiresAt}, ${at})`,
    })
    .where(and(eq(intrusions.attackerId, attackerId), eq(intrusions.outcome, 'active')));
}

export async function insertIntrusion(
  tx: Tx,
  row: { attackerId: number; victimId: number; startedAt: Date; expiresAt: Date; victimAlerted: boolean },
): Promise<number> {
  const [inserted] = await tx.insert(intrusions).values(row).returning({ id: intrusions.id });
  return inserted!.id;
}

/** Locks an intrusion: a hack, a second hack with the same intrusion, an exit and the expiry job take turns. */
export async function lockIntrusion(tx: Tx, id: number): Promise<IntrusionRow | undefined> {
  const [row] = await tx.select().from(intrusions).where(eq(intrusions.id, id)).for('update');
  noteFeatureRowLocked(tx);
  return row;
}

export async function readIntrusion(tx: Executor, id: number): Promise<IntrusionRow | undefined> {
  const [row] = await tx.select().from(intrusions).where(eq(intrusions.id, id));
  return row;
}

/**
 * What the per-pair limits need about this attacker's past intrusions into this victim: when the
 * latest ended (an open one: its limit), and when the victim was last alerted. Uses intrusions_pair.
 */
export async function pairHistory(
  tx: Executor,
  attackerId: number,
  victimId: number,
): Promise<{ lastEndsAt: number | null; lastAlertAt: number | null }> {
  // Epoch milliseconds as float8: both drivers answer a number (a raw timestamptz comes back as text on one of them).
  const [row] = await tx
    .select({
      lastEndsAt: sql<
        number | null
      >`(extract(epoch FROM max(coalesce(${intrusions.endedAt}, ${intrusions.expiresAt}))) * 1000)::float8`,
      lastAlertAt: sql<
        number | null
      >`(extract(epoch FROM max(${intrusions.startedAt}) FILTER (WHERE ${intrusions.victimAlerted})) * 1000)::float8`,
    })
    .from(intrusions)
    .where(and(eq(intrusions.attackerId, attackerId), eq(intrusions.victimId, victimId)));
  return { lastEndsAt: row?.lastEndsAt ?? null, lastAlertAt: row?.lastAlertAt ?? null };
}

/** When any of `attackerIds` last alerted this victim (ms), or null: their alerts share one window (ADR 056). */
export async function lastAlertFrom(tx: Executor, victimId: number, attackerIds: number[]): Promise<number | null> {
  if (attackerIds.length === 0) return null;
  const [row] = await tx
    .select({ at: sql<number | null>`(extract(epoch FROM max(${intrusions.startedAt})) * 1000)::float8` })
    .from(intrusions)
    .where(
      and(
        eq(intrusions.victimId, victimId),
        eq(intrusions.victimAlerted, true),
        inArray(intrusions.attackerId, attackerIds),
      ),
    );
  return row?.at ?? null;
}

export async function endIntrusion(
  tx: Tx,
  id: number,
  outcome: 'hacked' | 'expired' | 'exited',
  at: Date,
): Promise<void> {
  await tx
    .update(intrusions)
    .set({ outcome, endedAt: at })
    .where(and(eq(intrusions.id, id), eq(intrusions.outcome, 'active')));
}

export async function insertAttack(
  tx: Tx,
  row: { intrusionId: number; attackerId: number; victimId: number; telnetStolen: number; createdAt: Date },
): Promise<void> {
  await tx.insert(attacks).values(row);
}

/** The attacker's latest successful hack of this victim since `since`, if any. */
export async function lastHackSince(
  tx: Executor,
  attackerId: number,
  victimId: number,
  since: Date,
): Promise<Date | null> {
  const [row] = await tx
    .select({ at: attacks.createdAt })
    .from(attacks)
    .where(and(eq(attacks.attackerId, attackerId), eq(attacks.victimId, victimId), gt(attacks.createdAt, since)))
    .orderBy(desc(attacks.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** Whether the player has ever made a successful hack (it lifts their own 24-hour shield; ADR 050). */
export async function hasHacked(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: attacks.id }).from(attacks).where(eq(attacks.attackerId, userId)).limit(1);
  return row !== undefined;
}

const attacker = alias(users, 'attacker');
const victim = alias(users, 'victim');

/** Attacks made and received by a player, newest first, with both usernames. */
export async function attackHistory(tx: Executor, userId: number, limit: number) {
  return tx
    .select({
      createdAt: attacks.createdAt,
      attackerId: attacks.attackerId,
      attackerUsername: attacker.username,
      victimUsername: victim.username,
      telnetStolen: attacks.telnetStolen,
    })
    .from(attacks)
    .innerJoin(attacker, eq(attacker.id, attacks.attackerId))
    .innerJoin(victim, eq(victim.id, attacks.victimId))
    .where(or(eq(attacks.attackerId, userId), eq(attacks.victimId, userId)))
    .orderBy(desc(attacks.createdAt), desc(attacks.id))
    .limit(limit);
}

/**
 * Intrusions into a player's system, newest first, at most `perAttacker` of each attacker's newest:
 * one attacker's many visits cannot push the others out of the log (ADR 049).
 */
export async function intrusionLog(tx: Executor, victimId: number, limit: number, perAttacker: number) {
  const ranked = tx
    .select({
      id: intrusions.id,
      attackerId: intrusions.attackerId,
      startedAt: intrusions.startedAt,
      expiresAt: intrusions.expiresAt,
      endedAt: intrusions.endedAt,
      outcome: intrusions.outcome,
      rank: sql<number>`row_number() OVER (PARTITION BY ${intrusions.attackerId} ORDER BY ${intrusions.startedAt} DESC, ${intrusions.id} DESC)`.as(
        'rank',
      ),
    })
    .from(intrusions)
    .where(eq(intrusions.victimId, victimId))
    .as('ranked');
  return tx
    .select({
      intrusionId: ranked.id,
      attackerUsername: attacker.username,
      startedAt: ranked.startedAt,
      expiresAt: ranked.expiresAt,
      endedAt: ranked.endedAt,
      outcome: ranked.outcome,
    })
    .from(ranked)
    .innerJoin(attacker, eq(attacker.id, ranked.attackerId))
    .where(sql`${ranked.rank} <= ${perAttacker}`)
    .orderBy(desc(ranked.startedAt), desc(ranked.id))
    .limit(limit);
}

/** The attacker's username of each intrusion (the activity log names who broke in). */
export function intruderNames(tx: Executor, intrusionIds: readonly number[]) {
  return tx
    .select({ id: intrusions.id, username: users.username })
    .from(intrusions)
    .innerJoin(users, eq(users.id, intrusions.attackerId))
    .where(sql`${intrusions.id} = any(${intArray(intrusionIds)})`);
}
