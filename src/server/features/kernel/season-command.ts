import type { Database } from '../../db/connect';
import { runTransaction } from '../../idempotency';
import type { BusLogger } from '../../realtime/bus';
import { connectOperatorBus, type OperatorRedis } from '../../realtime/operator-bus';
import { createSeasonService, type SeasonChange } from './season';
import { createSnapshotCache } from './snapshot-cache';
import { gridState } from './season-store';

export interface SeasonCommandDeps {
  database: Database;
  /** The deployment's Redis bus (same URL, channel and secret as the servers), or null without Redis. */
  redis: OperatorRedis | null;
  log: BusLogger;
  now?: () => number;
  connectTimeoutMs?: number;
}

/**
 * `npm run kernel-season -- --now` from another process: the current season ends through the same
 * service the jobs runner calls, archived with end_reason 'operator' (its record: the row says who
 * ended it and when). kernel.seasonChanged then goes out on the deployment's Redis bus, so open
 * Kernels reload at once; without Redis each instance and screen notices at its next read or poll.
 */
export async function endSeasonAsOperator(
  deps: SeasonCommandDeps,
): Promise<(SeasonChange & { screensToldAtOnce: boolean }) | null> {
  const { bus, connected } = await connectOperatorBus(deps.redis, 'kernel-season', deps.log, deps.connectTimeoutMs);
  try {
    const seasons = createSeasonService({
      database: deps.database,
      bus,
      snapshots: createSnapshotCache(deps.database),
    });
    const nowMs = (deps.now ?? Date.now)();
    const change = await runTransaction(deps.database, async (tx, afterCommit) => {
      const { season } = await gridState(tx);
      return seasons.endSeason(tx, { season, nowMs, byOperator: true }, afterCommit);
    });
    return change ? { ...change, screensToldAtOnce: connected } : null;
  } finally {
    // close() QUITs cleanly, so what was published reaches Redis before the script exits.
    await bus?.close();
  }
}
