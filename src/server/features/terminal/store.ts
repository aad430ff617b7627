import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { intArray } from '../../db/param-sets';
import { fileSystems, fsDirectories, users } from '../../db/schema';

// The Terminal's players, file systems and directories; intrusions and attacks are in intrusion-store.ts.

export type FileSystemRow = typeof fileSystems.$inferSelect;
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
