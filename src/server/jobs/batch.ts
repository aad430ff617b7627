// One claiming transaction of the jobs runner: claim, run each job (or a kind's batch) in a savepoint, mark done, commit.
import type { Database, Tx } from '../db/connect';
import { isConnectionError } from '../db/reconnect';
import { runTransaction, type AfterCommit, type Effect } from '../idempotency/after-commit';
import { retryDelayMs } from './backoff';
import type { Job } from './kinds';
import { lockOrder, sameKindRuns } from './order';
import type { JobLog, RanJob } from './runner';
import { claimDueJobs, markJobsDone, recordJobFailure } from './store';

/** What a batch needs from its runner: the database, the kinds it handles, where it logs, and whether it is stopping. */
export interface BatchContext {
  database: Database;
  /** Only kinds this build knows are claimed: an older instance in a rolling deploy leaves newer kinds alone. */
  kinds: string[];
  handlers: Record<string, (tx: Tx, job: Job, afterCommit: AfterCommit) => Promise<void>>;
  batchHandlers: Record<string, ((tx: Tx, jobs: Job[], afterCommit: AfterCommit) => Promise<void>) | undefined>;
  log: JobLog;
  instanceId: string;
  stopping: () => boolean;
}

type ClaimedRow = Awaited<ReturnType<typeof claimDueJobs>>[number];

const maxErrorChars = 2000;

export function errorText(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, maxErrorChars);
}

/** Runs one job in its own savepoint of the batch's transaction; a failure is recorded there, still under the row lock. */
async function runJob(ctx: BatchContext, tx: Tx, row: ClaimedRow, claimedAt: number) {
  const lagMs = Math.max(0, claimedAt - row.runAt.getTime());
  const handler = ctx.handlers[row.kind]!;
  const job = { ...row, claimedAt: new Date(claimedAt) };
  try {
    // The job's effects are kept apart until its savepoint succeeds: a failed attempt announces nothing.
    const effects: Effect[] = [];
    await tx.transaction((savepoint) => handler(savepoint, job, (effect) => effects.push(effect)));
    return {
      ran: { id: row.id, kind: row.kind, outcome: 'done', lagMs } satisfies RanJob,
      effects,
    };
  } catch (error) {
    // A dead connection took the whole transaction with it: every job of the batch stays pending as it was.
    if (isConnectionError(error)) throw error;
    const text = errorText(error);
    const retryAt = new Date(claimedAt + retryDelayMs(row.attempts + 1));
    const status = await recordJobFailure(tx, row.id, text, retryAt, new Date(claimedAt));
    const outcome = status === 'dead' ? 'dead' : 'retry';
    const details = {
      jobId: row.id,
      kind: row.kind,
      attempt: row.attempts + 1,
      maxAttempts: row.maxAttempts,
      instanceId: ctx.instanceId,
      error: text,
    };
    if (outcome === 'dead') ctx.log.error(details, 'job dead-lettered after its last attempt');
    else ctx.log.warn({ ...details, retryAt: retryAt.toISOString() }, 'job failed; will retry');
    return { ran: { id: row.id, kind: row.kind, outcome, lagMs, error: text } satisfies RanJob, effects: [] };
  }
}

async function runOneByOne(ctx: BatchContext, tx: Tx, group: ClaimedRow[], claimedAt: number) {
  const results = [];
  for (const row of group) results.push(await runJob(ctx, tx, row, claimedAt));
  return results;
}

/** A group in one savepoint of its kind's batch handler; undefined when it failed (then it runs one by one). */
async function runTogether(ctx: BatchContext, tx: Tx, group: ClaimedRow[], claimedAt: number) {
  const jobs = group.map((row) => ({ ...row, claimedAt: new Date(claimedAt) }));
  try {
    const effects: Effect[] = [];
    await tx.transaction((savepoint) =>
      ctx.batchHandlers[group[0]!.kind]!(savepoint, jobs, (effect) => effects.push(effect)),
    );
    return group.map((row, i) => ({
      ran: {
        id: row.id,
        kind: row.kind,
        outcome: 'done',
        lagMs: Math.max(0, claimedAt - row.runAt.getTime()),
      } satisfies RanJob,
      effects: i === 0 ? effects : [],
    }));
  } catch (error) {
    if (isConnectionError(error)) throw error;
    ctx.log.warn(
      { kind: group[0]!.kind, jobs: group.length, instanceId: ctx.instanceId, error: errorText(error) },
      'batch of jobs failed; running them one by one',
    );
    return undefined;
  }
}

/**
 * One transaction: claims up to `limit` due jobs, runs each in its own savepoint (in lockOrder),
 * marks the successes done, commits; then runs the effects the successes registered (ADR 079).
 * Returns how many it claimed (a short claim means nothing else is due now) and what it ran.
 */
export async function runBatch(
  ctx: BatchContext,
  limit: number,
  claimedAt: number,
): Promise<{ claimed: number; ran: RanJob[] }> {
  // What the handlers asked to run once their writes are committed (events on the bus): one job's failing
  // effect is logged and the next still runs.
  const logged =
    (effect: Effect): Effect =>
    async () => {
      try {
        await effect();
      } catch (error) {
        ctx.log.error({ instanceId: ctx.instanceId, error: errorText(error) }, "a job's after-commit function failed");
      }
    };
  const result = await runTransaction(ctx.database, async (tx, afterCommit) => {
    const rows = await claimDueJobs(tx, ctx.kinds, new Date(claimedAt), limit);
    const ran: RanJob[] = [];
    const done: number[] = [];
    for (const group of sameKindRuns(lockOrder(rows), (kind) => ctx.batchHandlers[kind] !== undefined)) {
      // Stopping: the rest of the batch is left pending (its locks go with this commit).
      if (ctx.stopping() && ran.length > 0) break;
      const together = group.length > 1 ? await runTogether(ctx, tx, group, claimedAt) : undefined;
      for (const { ran: one, effects } of together ?? (await runOneByOne(ctx, tx, group, claimedAt))) {
        ran.push(one);
        if (one.outcome === 'done') done.push(one.id);
        effects.forEach((effect) => afterCommit(logged(effect)));
      }
    }
    await markJobsDone(tx, done, new Date(claimedAt));
    return { claimed: rows.length, ran };
  });
  return result;
}
