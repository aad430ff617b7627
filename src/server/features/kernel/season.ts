import type { CurrentSeason, SeasonsPage, SeasonSummary } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { seasonDeadlineMs, seasonFullBits, seasonShouldEnd } from '../../../core/rules/kernel-season';
import type { Database, Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency';
import { scheduleJob } from '../../jobs/schedule';
import type { Bus } from '../../realtime/bus';
import { encodePng } from './png';
import * as seasons from './season-store';
import type { GridSeasonState } from './season-store';
import type { SnapshotCache } from './snapshot-cache';

export type SeasonEndReason = 'full' | 'time' | 'operator';

export interface SeasonServiceDeps {
  database: Database;
  bus: Bus | null;
  snapshots: SnapshotCache;
}

/** What one season change did, for the caller's log and the tests. */
export interface SeasonChange {
  ended: number;
  season: number;
  startVersion: number;
  bitsSold: number;
  telnetBurned: number;
  imageBytes: number;
}

const totalBits = balance.gridSize * balance.gridSize;
/** A free bit in the archived image: the colour the Kernel screen paints behind the canvas (#05070a). */
const freeColour = [5, 7, 10] as const;
/** The jobs runner's key for a season's end: one job per season and trigger, whichever instance schedules it. */
const jobKey = (season: number, trigger: string) => `season-${season}-${trigger}`;

/**
 * Kernel seasons (ADR 053): a season ends when its canvas is nearly full or has lasted its time, as a
 * job on the jobs runner. The change locks kernel_state (as a purchase does), archives the canvas as a
 * PNG with its numbers and top painters, frees every bit and takes a new version, all in the job's
 * transaction; the season number in the payload makes a second run, on any instance, do nothing.
 */
export function createSeasonService(deps: SeasonServiceDeps) {
  const { database, snapshots } = deps;

  function summaryOf(row: Awaited<ReturnType<typeof seasons.listSeasons>>[number]): SeasonSummary {
    return {
      ...row,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt.toISOString(),
      endReason: row.endReason as SeasonEndReason,
    };
  }

  return {
    /**
     * Ends `season` if it is still the current one and (unless an operator asks) its time or its
     * fullness says so. Runs in the caller's transaction; the new season's cache and its event go to
     * `afterCommit` (ADR 079).
     */
    async endSeason(
      tx: Tx,
      request: { season: number; nowMs: number; byOperator?: boolean },
      afterCommit: AfterCommit,
    ): Promise<SeasonChange | null> {
      const state = await seasons.lockGridState(tx);
      if (state.season !== request.season) return null;
      const ownedBits = seasons.ownedBitsOf(state);
      const startedAtMs = state.seasonStartedAt.getTime();
      if (!request.byOperator && !seasonShouldEnd({ ownedBits, totalBits, startedAtMs, nowMs: request.nowMs }))
        return null;
      const reason: SeasonEndReason = request.byOperator
        ? 'operator'
        : ownedBits >= seasonFullBits(totalBits)
          ? 'full'
          : 'time';
      const at = new Date(request.nowMs);
      // An empty canvas is not archived (its clock job is scheduled by its first bit, so only an operator gets here).
      if (ownedBits === 0 && reason === 'time') return null;
      const totals = await seasons.seasonTotals(tx);
      const topPainters = await seasons.topPainters(tx, balance.kernelSeasonTopPainters);
      const image = await encodePng(balance.gridSize, balance.gridSize, await snapshots.rgbAt(tx, state, freeColour));
      const next = await seasons.startNextSeason(tx, at);
      await seasons.archiveSeason(tx, {
        season: state.season,
        startedAt: state.seasonStartedAt,
        endedAt: at,
        endReason: reason,
        ...totals,
        topPainters,
        image,
      });
      const change: SeasonChange = {
        ended: state.season,
        season: next.season,
        startVersion: next.seasonStartVersion,
        ...totals,
        imageBytes: image.byteLength,
      };
      afterCommit(() => {
        snapshots.newSeason(next.seasonStartVersion);
        deps.bus?.publish({
          audience: { kind: 'everyone' },
          event: {
            t: 'kernel.seasonChanged',
            d: { ended: change.ended, season: change.season, startVersion: change.startVersion },
          },
        });
      });
      return change;
    },

    /**
     * Inside a purchase, after its version and bit (lock order: players, kernel rows, then jobs). The
     * season's first bit schedules its end at its latest time (an empty season needs no end), and a
     * full canvas makes the end due now; the dedupe keys make each one job. Every thousandth bit
     * schedules the latest end again (a no-op once it exists): a season already running when this
     * code was deployed had its first bit before.
     */
    async scheduleEnd(tx: Tx, state: GridSeasonState, nowMs: number): Promise<void> {
      const ownedBits = seasons.ownedBitsOf(state);
      const payload = { season: state.season };
      if (ownedBits % 1000 === 1)
        await scheduleJob(tx, {
          kind: 'kernel.seasonEnd',
          payload,
          runAt: seasonDeadlineMs(state.seasonStartedAt.getTime()),
          dedupeKey: jobKey(state.season, 'time'),
        });
      if (ownedBits >= seasonFullBits(totalBits))
        await scheduleJob(tx, {
          kind: 'kernel.seasonEnd',
          payload,
          runAt: nowMs,
          dedupeKey: jobKey(state.season, 'full'),
        });
    },

    async current(): Promise<CurrentSeason> {
      const state = await seasons.gridState(database.db);
      const startedAtMs = state.seasonStartedAt.getTime();
      return {
        season: state.season,
        startedAt: state.seasonStartedAt.toISOString(),
        endsBy: new Date(seasonDeadlineMs(startedAtMs)).toISOString(),
        ownedBits: seasons.ownedBitsOf(state),
        totalBits,
        fullBits: seasonFullBits(totalBits),
        startVersion: state.seasonStartVersion,
      };
    },

    async list(page: number): Promise<SeasonsPage> {
      const size = balance.kernelSeasonsPageSize;
      const [rows, total] = await Promise.all([
        seasons.listSeasons(database.db, (page - 1) * size, size),
        seasons.countSeasons(database.db),
      ]);
      return { seasons: rows.map(summaryOf), page, pages: Math.max(1, Math.ceil(total / size)), total };
    },

    image: (season: number) => seasons.seasonImage(database.db, season),
  };
}

export type SeasonService = ReturnType<typeof createSeasonService>;
