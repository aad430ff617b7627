import { count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { kernelBits, kernelSeasons, kernelState, users, type SeasonPainter } from '../../db/schema';

/** The SQL of Kernel seasons (ADR 053): the season columns of kernel_state and the kernel_seasons archive. */

/** The grid's version and its current season, as one row. */
export interface GridSeasonState {
  version: number;
  season: number;
  seasonStartVersion: number;
  seasonStartedAt: Date;
}

const stateColumns = {
  version: kernelState.version,
  season: kernelState.season,
  seasonStartVersion: kernelState.seasonStartVersion,
  seasonStartedAt: kernelState.seasonStartedAt,
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
  const [row] = await tx.update(kernelState).set({ version: sql`${kernelState.version} + 1` }).where(eq(kernelState.id, 1)).returning(stateColumns);
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
    .set({ version: sql`${kernelState.version} + 1`, season: sql`${kernelState.season} + 1`, seasonStartVersion: sql`${kernelState.version} + 1`, seasonStartedAt: at })
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
  const [row] = await tx.select({ image: kernelSeasons.image }).from(kernelSeasons).where(eq(kernelSeasons.season, season));
  return row?.image ?? null;
}
