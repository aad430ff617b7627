import type { Tx } from '../db/connect';
import type { Job, JobHandlers, JobPayloads } from './kinds';

/** What the app's handlers use: each timed feature's service entry point. */
export interface JobHandlerDeps {
  /** Returns an expired listing's item to its seller (data-exchange service). */
  expireListing(tx: Tx, job: Job<'market.listingExpired', { listingId: number }>): Promise<void | (() => void)>;
  /** Collects an optimizer upgrade at its end time (optimizer service). */
  completeOptimizer(
    tx: Tx,
    job: Job<'optimizer.completed', { userId: number; level: number }>,
  ): Promise<void | (() => void)>;
  /** Runs one drone step (drone service). */
  droneStep(tx: Tx, job: Job<'drone.step', { runId: number; step: number }>): Promise<void | (() => void)>;
  /** Spawns the next Blockchain boss (blockchain service). */
  respawnBoss(tx: Tx, job: Job<'blockchain.respawn', { bossId: number }>): Promise<void | (() => void)>;
  /** Closes an intrusion at its limit (terminal service). */
  expireIntrusion(tx: Tx, job: Job<'terminal.intrusionExpired', { intrusionId: number }>): Promise<void | (() => void)>;
  /** Ends a Virus purchase left unpaid (virus service, ADR 046). */
  abandonPurchase(tx: Tx, job: Job<'virus.purchaseAbandoned', { purchaseId: number }>): Promise<void | (() => void)>;
  /** Ends a Kernel season if it is still current and due (kernel season service, ADR 053). */
  endKernelSeason(tx: Tx, job: Job<'kernel.seasonEnd', { season: number }>): Promise<void | (() => void)>;
}

/** The app's handler for each kind in JobPayloads; `satisfies` makes a kind without a handler a compile error. */
export function createJobHandlers(deps: JobHandlerDeps) {
  return {
    'market.listingExpired': (tx, job) => deps.expireListing(tx, job),
    'optimizer.completed': (tx, job) => deps.completeOptimizer(tx, job),
    'drone.step': (tx, job) => deps.droneStep(tx, job),
    'blockchain.respawn': (tx, job) => deps.respawnBoss(tx, job),
    'terminal.intrusionExpired': (tx, job) => deps.expireIntrusion(tx, job),
    'virus.purchaseAbandoned': (tx, job) => deps.abandonPurchase(tx, job),
    'kernel.seasonEnd': (tx, job) => deps.endKernelSeason(tx, job),
  } satisfies JobHandlers<JobPayloads>;
}
