import type { Tx } from '../db/connect';
import type { AfterCommit } from '../idempotency/after-commit';

/**
 * Each kind of timed work the app runs, and its payload. A feature adds its line here and its
 * handler in handlers.ts (a kind without a handler is then a compile error), e.g.
 * `'market.listingExpired': { listingId: number }` or `'blockchain.respawn': { bossId: number }`.
 */
export type JobPayloads = {
  /** A Data Exchange listing reached its expiry; an unsold item goes back to its seller. */
  'market.listingExpired': { listingId: number };
  /** An optimizer upgrade reached its end time; collected once by the server if the player has not. */
  'optimizer.completed': { userId: number; level: number };
  /**
   * One 30 s step of a drone run (0-based); the step schedules the next. `userId` (the
   * run's player, whose row the step locks) only orders a batch's jobs (ADR 013, "Batches").
   */
  'drone.step': { runId: number; step: number; userId: number };
  /** 2 h after a boss's defeat, the next boss spawns one level higher. */
  'blockchain.respawn': { bossId: number };
  /** An ssh intrusion reached its limit; it is closed as 'expired' and both players are told. */
  'terminal.intrusionExpired': { intrusionId: number };
  /** A Virus purchase still unpaid after balance.virusAbandonAfterMinutes: it stops counting and its intent is cancelled (ADR 046). */
  'virus.purchaseAbandoned': { purchaseId: number };
  /** A Kernel season may end (its canvas full, or its time up): keyed by season number, so it ends once (ADR 053). */
  'kernel.seasonEnd': { season: number };
};
export type JobKind = keyof JobPayloads & string;

/** A claimed job as its handler sees it. */
export interface Job<K extends string = string, P = unknown> {
  id: number;
  kind: K;
  payload: P;
  dedupeKey: string | null;
  /** When it was due; a retry moves it later. */
  runAt: Date;
  /** Failed attempts before this one. */
  attempts: number;
  maxAttempts: number;
  /** The injected clock's time when this run claimed it: use it as "now" inside the handler. */
  claimedAt: Date;
}

/**
 * Runs one job inside the transaction that claimed it: its writes and the job's 'done' commit
 * together. Use only `tx` (never the database handle: on PGlite that waits for this very
 * transaction); throw to fail the attempt, which rolls back everything the handler wrote.
 * What must follow the commit (bus events) goes to `afterCommit`, as every transaction's effects do
 * (ADR 079): the runner runs it once the claiming transaction has committed, and forgets it when the
 * job fails.
 */
export type JobHandler<K extends string, P> = (tx: Tx, job: Job<K, P>, afterCommit: AfterCommit) => Promise<void>;

/**
 * Runs many claimed jobs of one kind together, in one savepoint of the claiming transaction (ADR 073):
 * it must leave exactly what running the kind's handler on each job in turn would, and lock its
 * players in one call (id order). If it throws, the runner runs the jobs one by one instead, so one
 * bad job costs only its own attempt.
 */
export type JobBatchHandler<K extends string, P> = (
  tx: Tx,
  jobs: Job<K, P>[],
  afterCommit: AfterCommit,
) => Promise<void>;

/** Batch handlers for the kinds that have one. */
export type JobBatchHandlers<Payloads> = { [K in keyof Payloads & string]?: JobBatchHandler<K, Payloads[K]> };

/** One handler per kind: declare a table `satisfies JobHandlers<JobPayloads>`. */
export type JobHandlers<Payloads> = { [K in keyof Payloads & string]: JobHandler<K, Payloads[K]> };

/** What scheduleJob takes: a kind with its own payload type. */
export type NewJob<Payloads = JobPayloads> = {
  [K in keyof Payloads & string]: {
    kind: K;
    payload: Payloads[K];
    /** Due time: a Date or milliseconds since the epoch from the app's `now()`. */
    runAt: Date | number;
    /** Scheduling (kind, dedupeKey) again is a no-op while the first row is kept (done rows: infra.jobDoneRetentionMs). */
    dedupeKey?: string;
    /** Attempts before the job is dead-lettered; infra.jobMaxAttempts by default. */
    maxAttempts?: number;
  };
}[keyof Payloads & string];
