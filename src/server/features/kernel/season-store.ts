import { asc, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { kernelBits, kernelSeasons, kernelState, users, type SeasonPainter } from '../../db/schema';

/** The Kernel's one kernel_state row (the grid's version and its season) and the seasons' archive (ADR 053). */

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

/** The grid's committed version: the number of purchases so far. */
export async function currentVersion(tx: Executor): Promise<number> {
  const [row] = await tx.select({ version: kernelState.version }).from(kernelState).where(eq(kernelState.id, 1));
  return row?.version ?? 0;
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

/** Archived seasons' painter lists (no images): the player's count where they were among the top painters. */
export function seasonPainters(db: Executor) {
  return db
    .select({ season: kernelSeasons.season, topPainters: kernelSeasons.topPainters })
    .from(kernelSeasons)
    .orderBy(asc(kernelSeasons.season));
}
