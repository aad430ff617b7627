import type { Tx } from '../db/connect';
import type { AfterCommit } from '../idempotency/after-commit';
import type { Job, JobHandlers, JobPayloads } from './kinds';

/** What the app's handlers use: each timed feature's service entry point. */
export interface JobHandlerDeps {
  /** Returns an expired listing's item to its seller (data-exchange service). */
  expireListing(
    tx: Tx,
    job: Job<'market.listingExpired', { listingId: number }>,
    afterCommit: AfterCommit,
  ): Promise<void>;
  /** Collects an optimizer upgrade at its end time (optimizer service). */
  completeOptimizer(
    tx: Tx,
    job: Job<'optimizer.completed', { userId: number; level: number }>,
    afterCommit: AfterCommit,
  ): Promise<void>;
  /** Runs one drone step (drone service). */
  droneStep(tx: Tx, job: Job<'drone.step', { runId: number; step: number }>, afterCommit: AfterCommit): Promise<void>;
  /** Spawns the next Blockchain boss (blockchain service). */
  respawnBoss(tx: Tx, job: Job<'blockchain.respawn', { bossId: number }>, afterCommit: AfterCommit): Promise<void>;
  /** Closes an intrusion at its limit (terminal service). */
  expireIntrusion(
    tx: Tx,
    job: Job<'terminal.intrusionExpired', { intrusionId: number }>,
    afterCommit: AfterCommit,
  ): Promise<void>;
  /** Ends a Virus purchase left unpaid (virus service, ADR 046). */
  abandonPurchase(
    tx: Tx,
    job: Job<'virus.purchaseAbandoned', { purchaseId: number }>,
    afterCommit: AfterCommit,
  ): Promise<void>;
  /** Ends a Kernel season if it is still current and due (kernel season service, ADR 053). */
  endKernelSeason(tx: Tx, job: Job<'kernel.seasonEnd', { season: number }>, afterCommit: AfterCommit): Promise<void>;
}

/** The app's handler for each kind in JobPayloads; `satisfies` makes a kind without a handler a compile error. */
export function createJobHandlers(deps: JobHandlerDeps) {
  return {
    'market.listingExpired': (tx, job, afterCommit) => deps.expireListing(tx, job, afterCommit),
    'optimizer.completed': (tx, job, afterCommit) => deps.completeOptimizer(tx, job, afterCommit),
    'drone.step': (tx, job, afterCommit) => deps.droneStep(tx, job, afterCommit),
    'blockchain.respawn': (tx, job, afterCommit) => deps.respawnBoss(tx, job, afterCommit),
    'terminal.intrusionExpired': (tx, job, afterCommit) => deps.expireIntrusion(tx, job, afterCommit),
    'virus.purchaseAbandoned': (tx, job, afterCommit) => deps.abandonPurchase(tx, job, afterCommit),
    'kernel.seasonEnd': (tx, job, afterCommit) => deps.endKernelSeason(tx, job, afterCommit),
  } satisfies JobHandlers<JobPayloads>;
}
