import { hostname } from 'node:os';
import { pruneIdempotencyKeys } from '../idempotency';
import { createJobHandlers, createJobRunner, type ForegroundPressure, type JobRunner } from '../jobs';
import type { ServiceContext, Services } from './services';

/**
 * The jobs runner with every feature's timed work and the housekeeping of every table that grows; it
 * works narrower while `foreground` shows players waiting on this process.
 */
export function createJobs(c: ServiceContext, s: Services, foreground: () => ForegroundPressure): JobRunner {
  const { database } = c.deps;
  return createJobRunner({
    database,
    now: c.now,
    handlers: createJobHandlers({
      expireListing: s.market.expire,
      completeOptimizer: s.optimizer.complete,
      ...s.drone.jobs,
      respawnBoss: s.blockchain.respawn,
      expireIntrusion: s.terminal.expireIntrusion,
      abandonPurchase: s.virus.abandon,
      endKernelSeason: s.kernel.endSeasonJob,
    }),
    batchHandlers: s.drone.batchJobs,
    foreground,
    instanceId: `${hostname()}:${process.pid}`,
    log: c.log,
    ...(c.deps.jobDoneRetentionMs ? { doneRetentionMs: c.deps.jobDoneRetentionMs } : {}),
    housekeeping: [
      {
        name: 'idempotency keys',
        removeBatch: (at, limit) => pruneIdempotencyKeys(database, { now: at.getTime(), limit }),
      },
      { name: 'expired sessions', removeBatch: s.auth.pruneExpiredSessions },
      { name: 'ended username reservations', removeBatch: s.auth.pruneUsernameReservations },
      { name: 'tap batch keys', removeBatch: s.taps.pruneCountedBatches },
    ],
  });
}
