import { infra } from '../../core/infra';
import type { Executor } from '../db/connect';
import type { JobKind, JobPayloads, NewJob } from './kinds';
import { deletePendingJob, insertJob, insertJobs } from './store';

/**
 * Schedules timed work inside the caller's own transaction, so the state change and its timer
 * commit (or roll back) together: e.g. a market listing and its expiry. Returns the job's id, or
 * null when (kind, dedupeKey) was already scheduled — one respawn per defeated boss however often
 * the defeat is reported. Payloads must be plain JSON.
 */
export function scheduleJob<Payloads = JobPayloads>(tx: Executor, job: NewJob<Payloads>): Promise<number | null> {
  const runAt = job.runAt instanceof Date ? job.runAt : new Date(job.runAt);
  if (Number.isNaN(runAt.getTime())) throw new Error(`scheduleJob(${job.kind}): runAt is not a time`);
  return insertJob(tx, {
    kind: job.kind,
    payload: job.payload,
    runAt,
    dedupeKey: job.dedupeKey ?? null,
    maxAttempts: job.maxAttempts ?? infra.jobMaxAttempts,
  });
}

/** Schedules many jobs in one statement, in the caller's transaction; duplicates are skipped as scheduleJob skips them. */
export async function scheduleJobs<Payloads = JobPayloads>(
  tx: Executor,
  newJobs: readonly NewJob<Payloads>[],
): Promise<void> {
  await insertJobs(
    tx,
    newJobs.map((job) => {
      const runAt = job.runAt instanceof Date ? job.runAt : new Date(job.runAt);
      if (Number.isNaN(runAt.getTime())) throw new Error(`scheduleJobs(${job.kind}): runAt is not a time`);
      return {
        kind: job.kind,
        payload: job.payload,
        runAt,
        dedupeKey: job.dedupeKey ?? null,
        maxAttempts: job.maxAttempts ?? infra.jobMaxAttempts,
      };
    }),
  );
}

/**
 * Cancels a pending job by its dedupe key, inside the caller's transaction (e.g. a listing
 * removed before it expired). True if a pending job was removed; false if there was none, or it
 * already ran. A job being run at this moment holds its row lock, so this waits for that run.
 */
export function cancelJob<Kind extends string = JobKind>(
  tx: Executor,
  kind: Kind,
  dedupeKey: string,
): Promise<boolean> {
  return deletePendingJob(tx, kind, dedupeKey);
}
