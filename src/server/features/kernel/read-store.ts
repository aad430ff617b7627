import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { GridChange } from '../../../core/api/kernel';
import type { Executor } from '../../db/connect';
import { kernelBits, users } from '../../db/schema';

/** The Kernel's owned bits read back: catch-ups, a region's owners, a player's own bits and their export. */

const changeColumns = {
  x: kernelBits.x,
  y: kernelBits.y,
  colorR: kernelBits.colorR,
  colorG: kernelBits.colorG,
  colorB: kernelBits.colorB,
  version: kernelBits.version,
};

/** Bits bought after a version, in version order, at most `limit` of them. */
export function changesSince(tx: Executor, since: number, limit: number): Promise<GridChange[]> {
  return tx
    .select(changeColumns)
    .from(kernelBits)
    .where(gt(kernelBits.version, since))
    .orderBy(asc(kernelBits.version))
    .limit(limit);
}

/** Bits bought after a version with their owner, in version order, at most `limit` (the snapshot cache's catch-up). */
export function bitsSince(tx: Executor, since: number, limit: number): Promise<(GridChange & { ownerId: number })[]> {
  return tx
    .select({ ...changeColumns, ownerId: kernelBits.ownerId })
    .from(kernelBits)
    .where(gt(kernelBits.version, since))
    .orderBy(asc(kernelBits.version))
    .limit(limit);
}

/** The usernames of some players, by id (a grid/state region's owners: at most a region's bits). */
export async function usernamesOf(tx: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** How many bits a player owns now (every owned bit is this season's). */
export async function bitsOwnedBy(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(kernelBits).where(eq(kernelBits.ownerId, userId));
  return Number(row?.n ?? 0);
}

/** The player's newest bits, newest first (the screen's "my bits", ADR 066). */
export function newestBitsOf(tx: Executor, userId: number, limit: number): Promise<{ x: number; y: number }[]> {
  return tx
    .select({ x: kernelBits.x, y: kernelBits.y })
    .from(kernelBits)
    .where(eq(kernelBits.ownerId, userId))
    .orderBy(desc(kernelBits.version))
    .limit(limit);
}

/** The player's bits of the current season, by the version their purchase made (unique). */
export function kernelBitsPage(db: Executor, userId: number, after: number, limit: number) {
  return db
    .select({
      id: kernelBits.version,
      x: kernelBits.x,
      y: kernelBits.y,
      colorR: kernelBits.colorR,
      colorG: kernelBits.colorG,
      colorB: kernelBits.colorB,
      price: kernelBits.price,
      claimedAt: kernelBits.claimedAt,
    })
    .from(kernelBits)
    .where(and(eq(kernelBits.ownerId, userId), gt(kernelBits.version, after)))
    .orderBy(asc(kernelBits.version))
    .limit(limit);
}
