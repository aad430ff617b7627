import { infra } from '../../core/infra';
import type { Database } from '../db/connect';
import { errorText, runBatch, type BatchContext } from './batch';
import type { JobBatchHandlers, JobHandlers } from './kinds';
import { createLagMetrics, type JobMetrics } from './lag-metrics';
import { purgeDoneJobs, readJobStats, type JobStats } from './store';
import { runHousekeeping, type HousekeepingTask } from './housekeeping';
import { yieldToOthers } from './yield';
import { createPacer, type ForegroundPressure } from './pace';

export { lockOrder } from './order';

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
  /** Kinds whose claimed jobs run together in one savepoint (ADR 073), falling back to one by one on a failure. */
  batchHandlers?: JobBatchHandlers<Payloads>;
  /** Names this runner in logs (e.g. host:pid). */
  instanceId?: string;
  log?: JobLog;
  pollIntervalMs?: number;
  /**
   * Jobs one pass runs at most (infra.jobBatchSize, or claimSize × concurrency if that is more);
   * a full pass is followed at once by the next.
   */
  batchSize?: number;
  /**
   * Jobs claimed and committed per transaction (docs/decisions/013-jobs-runner.md, "Batches"):
   * 100 on PostgreSQL (ADR 073: a batch of drone steps is one savepoint), 1 on PGlite, whose single connection would wait for the whole batch.
   */
  claimSize?: number;
  /** Batch transactions a pass runs at once, each on its own connection: 4 on PostgreSQL, 1 on PGlite. */
  concurrency?: number;
  /**
   * Requests this process is answering and how late its event loop runs (the load shedder's view):
   * while it shows players waiting, the runner works narrower until its lag nears infra.jobYieldUntilLagMs
   * (ADR 073, "Yielding to players"). Without it the runner always works at full width.
   */
  foreground?: () => ForegroundPressure;
  /**
   * Other modules' clean-up, run with the purge of done jobs (e.g. expired idempotency keys). A failing
   * task is logged and the others still run.
   */
  housekeeping?: readonly HousekeepingTask[];
  /** How long done jobs (and their dedupe keys) are kept: infra.jobDoneRetentionMs. */
  doneRetentionMs?: number;
  /** Rows one housekeeping statement deletes at most (infra.housekeepingBatchSize). */
  housekeepingBatchSize?: number;
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
  /** Stops polling and resolves once the job in flight has committed or rolled back (the rest of its batch stays pending). */
  stop(): Promise<void>;
  /** One pass: runs up to batchSize due jobs, claimSize per transaction. Passes never overlap. */
  runDue(): Promise<RanJob[]>;
  /** In-memory lag summary and counters of this runner. */
  metrics(): JobMetrics;
  /** Pending, due and dead counts and the oldest due job's lag, from the database. */
  stats(): Promise<JobStats>;
  /** Purges old done jobs and runs the housekeeping tasks now, each until nothing is left (polling does it every infra.housekeepingEveryMs). */
  housekeep(): Promise<void>;
}

const silentLog: JobLog = { info() {}, warn() {}, error() {} };
/** Jobs per claiming transaction by default: PGlite runs one transaction at a time, so it keeps them short. */
const defaultClaimSize = { postgres: 100, pglite: 1 } as const;
const defaultConcurrency = { postgres: 4, pglite: 1 } as const;

/**
 * The jobs runner (docs/decisions/013-jobs-runner.md). Due jobs are claimed in batches with FOR
 * UPDATE SKIP LOCKED and run in the claiming transaction, each in its own savepoint: a handler's
 * writes and its job's 'done' commit together, so two instances never both run it and a process killed mid-job leaves
 * it pending for the next start. A failing handler is rolled back to the savepoint and its attempt
 * is recorded in the same transaction, still under the row lock (no other instance can retry it early).
 */
export function createJobRunner<Payloads>(options: JobRunnerOptions<Payloads>): JobRunner {
  const { database, now } = options;
  // Kinds are checked at compile time by JobHandlers; here a row's kind is only a string.
  const handlers = options.handlers as unknown as BatchContext['handlers'];
  // Only kinds this build knows are claimed: an older instance in a rolling deploy leaves newer kinds alone.
  const kinds = Object.keys(handlers);
  const batchHandlers = (options.batchHandlers ?? {}) as unknown as BatchContext['batchHandlers'];
  const log = options.log ?? silentLog;
  const instanceId = options.instanceId ?? `pid-${process.pid}`;
  const pollIntervalMs = options.pollIntervalMs ?? infra.jobPollIntervalMs;
  const claimSize = Math.max(1, options.claimSize ?? defaultClaimSize[database.kind]);
  const concurrency = Math.max(1, options.concurrency ?? defaultConcurrency[database.kind]);
  const batchSize = options.batchSize ?? Math.max(infra.jobBatchSize, claimSize * concurrency);
  const lag = createLagMetrics();
  const pacer = createPacer(options.foreground, { sideBySide: concurrency, claimSize });
  let polling = false;
  let stopRequested = false;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<unknown> = Promise.resolve();
  let lastPurgeAt = -Infinity;
  const batchContext: BatchContext = {
    database,
    kinds,
    handlers,
    batchHandlers,
    log,
    instanceId,
    stopping: () => stopRequested,
  };

  async function runPass(): Promise<RanJob[]> {
    const ran: RanJob[] = [];
    if (kinds.length === 0) return ran;
    let reserved = 0;
    let drained = false;
    // `concurrency` workers claim batches side by side (SKIP LOCKED hands each different jobs) until
    // the pass has taken batchSize jobs, a claim comes back short (nothing else due) or stop() is called.
    // Each batch asks how wide to work first: a worker past the width allowed now leaves the pass.
    const worker = async (index: number, maxBatches = Infinity) => {
      for (let taken = 0; taken < maxBatches && !drained && !stopRequested && reserved < batchSize; taken++) {
        const width = pacer.pace();
        if (index >= width.sideBySide) break;
        const limit = Math.min(width.claimSize, batchSize - reserved);
        reserved += limit;
        let batch: { claimed: number; ran: RanJob[] };
        try {
          batch = await runBatch(batchContext, limit, now());
        } catch (error) {
          log.error({ instanceId, error: errorText(error) }, 'jobs pass stopped by a database error');
          drained = true;
          break;
        }
        reserved -= limit - batch.ran.length;
        pacer.ranBatch(batch.ran.map((r) => r.lagMs));
        for (const result of batch.ran) {
          lag.record(result.outcome, result.lagMs);
          ran.push(result);
        }
        if (batch.claimed < limit) drained = true;
        await yieldToOthers();
      }
    };
    // One batch first: only a full claim (more may be due) starts the others, so a short queue is one transaction.
    await worker(0, 1);
    await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
    return ran;
  }

  const doneRetentionMs = options.doneRetentionMs ?? infra.jobDoneRetentionMs;
  const doneJobs: HousekeepingTask = {
    name: 'done jobs',
    removeBatch: (at, limit) => purgeDoneJobs(database.db, new Date(at.getTime() - doneRetentionMs), limit),
  };
  const tasks = [doneJobs, ...(options.housekeeping ?? [])];
  const housekeepingBatchSize = options.housekeepingBatchSize ?? infra.housekeepingBatchSize;

  async function housekeep(): Promise<void> {
    const at = now();
    lastPurgeAt = at;
    await runHousekeeping(tasks, {
      at: new Date(at),
      batchSize: housekeepingBatchSize,
      log,
      instanceId,
      stopping: () => stopRequested,
    });
  }

  async function purgeIfDue(): Promise<void> {
    if (now() - lastPurgeAt >= infra.housekeepingEveryMs) await housekeep();
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
