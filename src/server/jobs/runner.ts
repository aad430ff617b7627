import { balance } from '../../core/balance';
import type { Database, Tx } from '../db/connect';
import { isConnectionError } from '../db/reconnect';
import { retryDelayMs } from './backoff';
import type { Job, JobHandlers } from './kinds';
import { createLagMetrics, type JobMetrics } from './lag-metrics';
import { claimDueJob, markJobDone, purgeDoneJobs, readJobStats, recordJobFailure, type JobStats } from './store';

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions<Payloads> {
  database: Database;
  /** The app's injected clock: due times are compared with it, never with the database's clock. */
  now: () => number;
  handlers: JobHandlers<Payloads>;
  /** Names this runner in logs (e.g. host:pid). */
  instanceId?: string;
  log?: JobLog;
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * Other modules' clean-up, run with the hourly purge of done jobs (e.g. expired idempotency keys):
   * each returns how many rows it removed. A failing task is logged and the others still run.
   */
  housekeeping?: ReadonlyArray<{ name: string; run: (at: Date) => Promise<number> }>;
}

/** One job a pass handled: done, failed and due again later ('retry'), or failed for the last time ('dead'). */
export interface RanJob {
  id: number;
  kind: string;
  outcome: 'done' | 'retry' | 'dead';
  lagMs: number;
  error?: string;
}

export interface JobRunner {
  /** Polls for due jobs every pollIntervalMs (at once again after a full batch) until stop(). */
  start(): void;
  /** Stops polling and resolves once the job in flight has committed or rolled back. */
  stop(): Promise<void>;
  /** One pass: runs up to batchSize due jobs, each in its own transaction. Passes never overlap. */
  runDue(): Promise<RanJob[]>;
  /** In-memory lag summary and counters of this runner. */
  metrics(): JobMetrics;
  /** Pending, due and dead counts and the oldest due job's lag, from the database. */
  stats(): Promise<JobStats>;
  /** Purges old done jobs and runs the housekeeping tasks now (polling does it once an hour). */
  housekeep(): Promise<void>;
}

const silentLog: JobLog = { info() {}, warn() {}, error() {} };
const maxErrorChars = 2000;
const purgeEveryMs = 3_600_000;
const purgeBatch = 1000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, maxErrorChars);
}

/** Lets requests queued on the database (PGlite has one connection) go between two jobs. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The jobs runner (docs/decisions/013-jobs-runner.md). Each job is claimed with FOR UPDATE SKIP
 * LOCKED and run in the claiming transaction, in a savepoint: the handler's writes and the job's
 * 'done' commit together, so two instances never both run it and a process killed mid-job leaves
 * it pending for the next start. A failing handler is rolled back to the savepoint and its attempt
 * is recorded in the same transaction, still under the row lock (no other instance can retry it early).
 */
export function createJobRunner<Payloads>(options: JobRunnerOptions<Payloads>): JobRunner {
  const { database, now } = options;
  // Kinds are checked at compile time by JobHandlers; here a row's kind is only a string.
  const handlers = options.handlers as unknown as Record<string, (tx: Tx, job: Job) => Promise<void>>;
  // Only kinds this build knows are claimed: an older instance in a rolling deploy leaves newer kinds alone.
  const kinds = Object.keys(handlers);
  const log = options.log ?? silentLog;
  const instanceId = options.instanceId ?? `pid-${process.pid}`;
  const pollIntervalMs = options.pollIntervalMs ?? balance.jobPollIntervalMs;
  const batchSize = options.batchSize ?? balance.jobBatchSize;
  const lag = createLagMetrics();
  let polling = false;
  let stopRequested = false;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<unknown> = Promise.resolve();
  let lastPurgeAt = -Infinity;

  async function runOne(): Promise<RanJob | null> {
    const claimedAt = now();
    // What the handler asked to run once its writes are committed (events on the bus).
    let afterCommit: (() => void) | undefined;
    const ran = await database.db.transaction(async (tx): Promise<RanJob | null> => {
      const row = await claimDueJob(tx, kinds, new Date(claimedAt));
      if (!row) return null;
      const lagMs = Math.max(0, claimedAt - row.runAt.getTime());
      const handler = handlers[row.kind]!;
      const job = { ...row, claimedAt: new Date(claimedAt) };
      try {
        const after = await tx.transaction((savepoint) => handler(savepoint, job));
        afterCommit = typeof after === 'function' ? after : undefined;
      } catch (error) {
        // A dead connection took the whole transaction with it: the job stays pending as it was.
        if (isConnectionError(error)) throw error;
        const text = errorText(error);
        const retryAt = new Date(claimedAt + retryDelayMs(row.attempts + 1));
        const status = await recordJobFailure(tx, row.id, text, retryAt, new Date(claimedAt));
        const outcome = status === 'dead' ? 'dead' : 'retry';
        const details = { jobId: row.id, kind: row.kind, attempt: row.attempts + 1, maxAttempts: row.maxAttempts, instanceId, error: text };
        if (outcome === 'dead') log.error(details, 'job dead-lettered after its last attempt');
        else log.warn({ ...details, retryAt: retryAt.toISOString() }, 'job failed; will retry');
        return { id: row.id, kind: row.kind, outcome, lagMs, error: text } satisfies RanJob;
      }
      await markJobDone(tx, row.id, new Date(claimedAt));
      return { id: row.id, kind: row.kind, outcome: 'done', lagMs } satisfies RanJob;
    });
    if (ran?.outcome === 'done') afterCommit?.();
    return ran;
  }

  async function runPass(): Promise<RanJob[]> {
    const ran: RanJob[] = [];
    if (kinds.length === 0) return ran;
    while (ran.length < batchSize && !stopRequested) {
      let result: RanJob | null;
      try {
        result = await runOne();
      } catch (error) {
        log.error({ instanceId, error: errorText(error) }, 'jobs pass stopped by a database error');
        break;
      }
      if (!result) break;
      lag.record(result.outcome, result.lagMs);
      ran.push(result);
      await yieldToOthers();
    }
    return ran;
  }

  async function housekeep(): Promise<void> {
    const at = now();
    lastPurgeAt = at;
    const purged = await purgeDoneJobs(database.db, new Date(at - balance.jobDoneRetentionMs), purgeBatch);
    if (purged > 0) log.info({ instanceId, purged }, 'purged old done jobs');
    for (const task of options.housekeeping ?? []) {
      try {
        const removed = await task.run(new Date(at));
        if (removed > 0) log.info({ instanceId, task: task.name, removed }, 'housekeeping removed old rows');
      } catch (error) {
        log.error({ instanceId, task: task.name, error: errorText(error) }, 'housekeeping task failed');
      }
    }
  }

  async function purgeIfDue(): Promise<void> {
    if (now() - lastPurgeAt >= purgeEveryMs) await housekeep();
  }

  function runDue(): Promise<RanJob[]> {
    const next = pass.then(runPass, runPass);
    pass = next.catch(() => undefined);
    return next;
  }

  async function tick(): Promise<void> {
    timer = null;
    let ran: RanJob[] = [];
    try {
      ran = await runDue();
      await purgeIfDue();
    } catch (error) {
      log.error({ instanceId, error: errorText(error) }, 'jobs poll failed');
    }
    if (!polling) return;
    timer = setTimeout(() => void tick(), ran.length >= batchSize ? 0 : pollIntervalMs);
  }

  return {
    start() {
      if (polling) return;
      polling = true;
      timer = setTimeout(() => void tick(), 0);
    },
    async stop() {
      polling = false;
      if (timer) clearTimeout(timer);
      timer = null;
      stopRequested = true;
      try {
        await pass;
      } finally {
        stopRequested = false;
      }
    },
    runDue,
    metrics: () => lag.snapshot(),
    stats: () => readJobStats(database.db, new Date(now())),
    housekeep,
  };
}
