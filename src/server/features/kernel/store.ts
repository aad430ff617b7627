import { and, asc, count, desc, eq, gt, inArray, sql, sum } from 'drizzle-orm';
import type { GridChange } from '../../../core/api/kernel';
import type { Rgb } from '../../../core/rules/kernel';
import type { Executor, Tx } from '../../db/connect';
import { kernelBits, kernelColors, kernelSeasons, kernelState, users, type SeasonPainter } from '../../db/schema';

/** The only SQL of the Kernel's tables (kernel_bits, kernel_colors, kernel_state, kernel_seasons). */

export async function colorOf(tx: Executor, userId: number): Promise<Rgb | null> {
  const [row] = await tx
    .select({ r: kernelColors.colorR, g: kernelColors.colorG, b: kernelColors.colorB })
    .from(kernelColors)
    .where(eq(kernelColors.userId, userId));
  return row ?? null;
}

export async function setColor(tx: Executor, userId: number, color: Rgb, at: Date): Promise<void> {
  await tx
    .insert(kernelColors)
    .values({ userId, colorR: color.r, colorG: color.g, colorB: color.b, updatedAt: at })
    .onConflictDoUpdate({
      target: kernelColors.userId,
      set: { colorR: color.r, colorG: color.g, colorB: color.b, updatedAt: at },
    });
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
export async function insertBit(
  tx: Tx,
  bit: { x: number; y: number; ownerId: number; color: Rgb; price: number; version: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(kernelBits)
    .values({
      x: bit.x,
      y: bit.y,
      ownerId: bit.ownerId,
      colorR: bit.color.r,
      colorG: bit.color.g,
      colorB: bit.color.b,
      price: bit.price,
      version: bit.version,
      claimedAt: bit.at,
    })
    .onConflictDoNothing({ target: [kernelBits.x, kernelBits.y] })
    .returning({ x: kernelBits.x });
  return rows.length === 1;
}

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

export async function usernameOf(tx: Executor, userId: number): Promise<string> {
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row!.username;
}

// Seasons (ADR 053): the season columns of kernel_state and the kernel_seasons archive.
/** The grid's version and its current season, as one row. */
export interface GridSeasonState {
  version: number;
  season: number;
  seasonStartVersion: number;
  seasonStartedAt: Date;
  /** The version of the latest operator clear (ADR 060): a reader behind it reloads the canvas. */
  clearedVersion: number;
  /** Versions of this season that are no owned bit (cleared bits and each clear's own version). */
  seasonFreed: number;
}

/** Bits owned now in the current season: every version of it is one purchase, less what operators freed. */
export function ownedBitsOf(state: GridSeasonState): number {
  return state.version - state.seasonStartVersion - state.seasonFreed;
}

const stateColumns = {
  version: kernelState.version,
  season: kernelState.season,
  seasonStartVersion: kernelState.seasonStartVersion,
  seasonStartedAt: kernelState.seasonStartedAt,
  clearedVersion: kernelState.clearedVersion,
  seasonFreed: kernelState.seasonFreed,
};

export async function gridState(tx: Executor): Promise<GridSeasonState> {
  const [row] = await tx.select(stateColumns).from(kernelState).where(eq(kernelState.id, 1));
  return row!;
}

/**
 * A purchase's next version (ADR 023: the UPDATE whose row lock every purchase holds until it
 * commits) with the season it falls in, so the purchase can tell when the canvas is full.
 */
export async function nextVersionInSeason(tx: Tx): Promise<GridSeasonState> {
  const [row] = await tx
    .update(kernelState)
    .set({ version: sql`${kernelState.version} + 1` })
    .where(eq(kernelState.id, 1))
    .returning(stateColumns);
  return row!;
}

/** Locks the one kernel_state row as a purchase's version UPDATE does, so no purchase commits in between. */
export async function lockGridState(tx: Tx): Promise<GridSeasonState> {
  const [row] = await tx.select(stateColumns).from(kernelState).where(eq(kernelState.id, 1)).for('no key update');
  return row!;
}

/** Bits sold and Telnet paid for them in the current season (every owned bit is this season's). */
export async function seasonTotals(tx: Executor): Promise<{ bitsSold: number; telnetBurned: number }> {
  const [row] = await tx.select({ bits: count(), telnet: sum(kernelBits.price) }).from(kernelBits);
  return { bitsSold: Number(row?.bits ?? 0), telnetBurned: Number(row?.telnet ?? 0) };
}

/** The players owning the most bits, most first (ties by id), with their names as they are now. */
export async function topPainters(tx: Executor, limit: number): Promise<SeasonPainter[]> {
  const bits = count();
  const rows = await tx
    .select({ userId: kernelBits.ownerId, username: users.username, bits })
    .from(kernelBits)
    .innerJoin(users, eq(users.id, kernelBits.ownerId))
    .groupBy(kernelBits.ownerId, users.username)
    .orderBy(desc(bits), kernelBits.ownerId)
    .limit(limit);
  return rows.map((r) => ({ userId: r.userId, username: r.username, bits: Number(r.bits) }));
}

/** Ends the season in kernel_state: frees every bit, takes the next version as the new season's start. */
export async function startNextSeason(tx: Tx, at: Date): Promise<GridSeasonState> {
  await tx.delete(kernelBits);
  const [row] = await tx
    .update(kernelState)
    .set({
      version: sql`${kernelState.version} + 1`,
      season: sql`${kernelState.season} + 1`,
      seasonStartVersion: sql`${kernelState.version} + 1`,
      seasonStartedAt: at,
      seasonFreed: 0,
    })
    .where(eq(kernelState.id, 1))
    .returning(stateColumns);
  return row!;
}

export type ArchivedSeason = typeof kernelSeasons.$inferInsert;

export async function archiveSeason(tx: Tx, season: ArchivedSeason): Promise<void> {
  await tx.insert(kernelSeasons).values(season);
}

const summaryColumns = {
  season: kernelSeasons.season,
  startedAt: kernelSeasons.startedAt,
  endedAt: kernelSeasons.endedAt,
  endReason: kernelSeasons.endReason,
  bitsSold: kernelSeasons.bitsSold,
  telnetBurned: kernelSeasons.telnetBurned,
  topPainters: kernelSeasons.topPainters,
};

/** Archived seasons, newest first, one page (without their images). */
export function listSeasons(tx: Executor, offset: number, limit: number) {
  return tx.select(summaryColumns).from(kernelSeasons).orderBy(desc(kernelSeasons.season)).offset(offset).limit(limit);
}

export async function countSeasons(tx: Executor): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(kernelSeasons);
  return Number(row?.n ?? 0);
}

/** One archived season's PNG, or null when there is no such season. */
export async function seasonImage(tx: Executor, season: number): Promise<Uint8Array | null> {
  const [row] = await tx
    .select({ image: kernelSeasons.image })
    .from(kernelSeasons)
    .where(eq(kernelSeasons.season, season));
  return row?.image ?? null;
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

// Operator clears (ADR 060).
export interface ClearedBit {
  x: number;
  y: number;
  ownerId: number;
}

/** The owners of the bits of an inclusive rectangle (read before the clear locks them, players first). */
export async function ownersIn(
  tx: Executor,
  r: { x0: number; y0: number; x1: number; y1: number; ownerId?: number },
): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ ownerId: kernelBits.ownerId })
    .from(kernelBits)
    .where(regionOf(r))
    .orderBy(kernelBits.ownerId);
  return rows.map((row) => row.ownerId);
}

function regionOf(r: { x0: number; y0: number; x1: number; y1: number; ownerId?: number }) {
  return and(
    sql`${kernelBits.x} BETWEEN ${r.x0} AND ${r.x1}`,
    sql`${kernelBits.y} BETWEEN ${r.y0} AND ${r.y1}`,
    r.ownerId === undefined ? undefined : eq(kernelBits.ownerId, r.ownerId),
  );
}

/**
 * Frees the region's bits of these owners and takes the grid's next version for it, under the lock on
 * kernel_state that every purchase takes (the caller holds it): readers behind that version reload.
 */
export async function clearRegion(
  tx: Tx,
  r: { x0: number; y0: number; x1: number; y1: number; ownerIds: number[] },
): Promise<{ bits: ClearedBit[]; version: number | null }> {
  if (r.ownerIds.length === 0) return { bits: [], version: null };
  const bits = await tx
    .delete(kernelBits)
    .where(and(regionOf(r), inArray(kernelBits.ownerId, r.ownerIds)))
    .returning({ x: kernelBits.x, y: kernelBits.y, ownerId: kernelBits.ownerId });
  if (bits.length === 0) return { bits, version: null };
  const [row] = await tx
    .update(kernelState)
    .set({
      version: sql`${kernelState.version} + 1`,
      clearedVersion: sql`${kernelState.version} + 1`,
      seasonFreed: sql`${kernelState.seasonFreed} + ${bits.length + 1}`,
    })
    .where(eq(kernelState.id, 1))
    .returning({ version: kernelState.version });
  return { bits, version: row!.version };
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

/** Archived seasons' painter lists (no images): the player's count where they were among the top painters. */
export function seasonPainters(db: Executor) {
  return db
    .select({ season: kernelSeasons.season, topPainters: kernelSeasons.topPainters })
    .from(kernelSeasons)
    .orderBy(asc(kernelSeasons.season));
}
