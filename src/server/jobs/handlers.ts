import type { Tx } from '../db/connect';
import type { Job, JobHandlers, JobPayloads } from './kinds';

/** What the app's handlers use: each timed feature's service entry point. */
export interface JobHandlerDeps {
  /** issue 7: returns an expired listing's item to its seller (data-exchange service). */
  expireListing(tx: Tx, job: Job<'market.listingExpired', { listingId: number }>): Promise<void | (() => void)>;
  /** issue 10: closes an intrusion at its limit (terminal service). */
  expireIntrusion(tx: Tx, job: Job<'terminal.intrusionExpired', { intrusionId: number }>): Promise<void | (() => void)>;
}

/** The app's handler for each kind in JobPayloads; `satisfies` makes a kind without a handler a compile error. */
export function createJobHandlers(deps: JobHandlerDeps) {
  return {
    'market.listingExpired': (tx, job) => deps.expireListing(tx, job),
    'terminal.intrusionExpired': (tx, job) => deps.expireIntrusion(tx, job),
  } satisfies JobHandlers<JobPayloads>;
}
