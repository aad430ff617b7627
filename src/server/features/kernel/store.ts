import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { GridChange } from '../../../core/api/kernel';
import type { Rgb } from '../../../core/rules/kernel';
import type { Executor, Tx } from '../../db/connect';
import { kernelBits, kernelColors, kernelState, users } from '../../db/schema';

/** The only SQL of the Kernel's tables (kernel_bits, kernel_colors, kernel_state). */

export async function colorOf(tx: Executor, userId: number): Promise<Rgb | null> {
  const [row] = await tx.select({ r: kernelColors.colorR, g: kernelColors.colorG, b: kernelColors.colorB }).from(kernelColors).where(eq(kernelColors.userId, userId));
  return row ?? null;
}

export async function setColor(tx: Executor, userId: number, color: Rgb, at: Date): Promise<void> {
  await tx
    .insert(kernelColors)
    .values({ userId, colorR: color.r, colorG: color.g, colorB: color.b, updatedAt: at })
    .onConflictDoUpdate({ target: kernelColors.userId, set: { colorR: color.r, colorG: color.g, colorB: color.b, updatedAt: at } });
}

/** Whether the player owns at least one bit (the purchase_kernel_bit mission's evidence). */
export async function ownsAnyBit(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx.select({ x: kernelBits.x }).from(kernelBits).where(eq(kernelBits.ownerId, userId)).limit(1);
  return row !== undefined;
}

/** The owner of a bit, or null while it is free. */
export async function ownerOf(tx: Executor, x: number, y: number): Promise<{ id: number; username: string } | null> {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(kernelBits)
    .innerJoin(users, eq(users.id, kernelBits.ownerId))
    .where(and(eq(kernelBits.x, x), eq(kernelBits.y, y)));
  return row ?? null;
}

/** The grid's committed version: the number of purchases so far. */
export async function currentVersion(tx: Executor): Promise<number> {
  const [row] = await tx.select({ version: kernelState.version }).from(kernelState).where(eq(kernelState.id, 1));
  return row?.version ?? 0;
}

/** Inserts an owned bit; false when it already has an owner (the primary key decides, whatever races). */
export async function insertBit(tx: Tx, bit: { x: number; y: number; ownerId: number; color: Rgb; price: number; version: number; at: Date }): Promise<boolean> {
  const rows = await tx
    .insert(kernelBits)
    .values({ x: bit.x, y: bit.y, ownerId: bit.ownerId, colorR: bit.color.r, colorG: bit.color.g, colorB: bit.color.b, price: bit.price, version: bit.version, claimedAt: bit.at })
    .onConflictDoNothing({ target: [kernelBits.x, kernelBits.y] })
    .returning({ x: kernelBits.x });
  return rows.length === 1;
}

const changeColumns = { x: kernelBits.x, y: kernelBits.y, colorR: kernelBits.colorR, colorG: kernelBits.colorG, colorB: kernelBits.colorB, version: kernelBits.version };

/** Bits bought after a version, in version order, at most `limit` of them. */
export function changesSince(tx: Executor, since: number, limit: number): Promise<GridChange[]> {
  return tx.select(changeColumns).from(kernelBits).where(gt(kernelBits.version, since)).orderBy(asc(kernelBits.version)).limit(limit);
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

export async function usernameOf(tx: Executor, userId: number): Promise<string> {
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row!.username;
}
