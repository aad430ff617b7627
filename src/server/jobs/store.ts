import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/connect';
import { jsonRows } from '../db/param-sets';
import { jobs, type JobStatus } from '../db/schema';

type JobRow = typeof jobs.$inferSelect;

/** Inserts a job unless (kind, dedupeKey) already has one; returns its id, or null for a duplicate. */
export async function insertJob(
  tx: Executor,
  job: { kind: string; payload: unknown; runAt: Date; dedupeKey: string | null; maxAttempts: number },
): Promise<number | null> {
  const rows = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt,
      dedupeKey: job.dedupeKey,
      maxAttempts: job.maxAttempts,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey] })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * Inserts many jobs in one statement (a batch of drone steps scheduling their next steps); a row whose
 * (kind, dedupeKey) is already taken is skipped, as insertJob does. The rows go as one JSON parameter,
 * so every batch size is the same prepared statement.
 */
export async function insertJobs(
  tx: Executor,
  rows: Array<{ kind: string; payload: unknown; runAt: Date; dedupeKey: string | null; maxAttempts: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  const json = jsonRows(
    rows.map((r) => ({
      kind: r.kind,
      payload: r.payload,
      run_at: r.runAt.toISOString(),
      dedupe_key: r.dedupeKey,
      max_attempts: r.maxAttempts,
    })),
  );
  await tx.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts)
    SELECT r.kind, r.payload, r.run_at, r.dedupe_key, r.max_attempts
    FROM jsonb_to_recordset(${json})
      AS r(kind text, payload jsonb, run_at timestamptz, dedupe_key text, max_attempts int)
    ON CONFLICT (kind, dedupe_key) DO NOTHING`);
}

/** Deletes a pending job by its dedupe key; true if one was there. A job being run right now waits for it. */
export async function deletePendingJob(tx: Executor, kind: string, dedupeKey: string): Promise<boolean> {
  const rows = await tx
    .delete(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Locks up to `limit` of the earliest due pending jobs of the given kinds for this transaction.
 * SKIP LOCKED makes another instance's claim pass over them (and take the next ones) instead of
 * waiting or running them too.
 */
export async function claimDueJobs(tx: Tx, kinds: string[], at: Date, limit: number): Promise<JobRow[]> {
  return tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, at), inArray(jobs.kind, kinds)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Marks the jobs of a batch that succeeded done, in one statement of the claiming transaction. */
export async function markJobsDone(tx: Tx, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(jobs)
    .set({ status: 'done', attempts: sql`${jobs.attempts} + 1`, finishedAt: at })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, 'pending')));
}

/** Counts a failed attempt: due again at retryAt, or dead (kept with its error) once attempts reach max_attempts. */
export async function recordJobFailure(tx: Tx, id: number, error: string, retryAt: Date, at: Date): Promise<JobStatus> {
  const dead = sql`${jobs.attempts} + 1 >= ${jobs.maxAttempts}`;
  const [row] = await tx
    .update(jobs)
    .set({
      attempts: sql`${jobs.attempts} + 1`,
      lastError: error,
      status: sql`CASE WHEN ${dead} THEN 'dead' ELSE 'pending' END`,
      runAt: sql`CASE WHEN ${dead} THEN ${jobs.runAt} ELSE ${retryAt.toISOString()}::timestamptz END`,
      finishedAt: sql`CASE WHEN ${dead} THEN ${at.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'pending')))
    .returning({ status: jobs.status });
  return row?.status ?? 'pending';
}

/**
 * Deletes up to `limit` done jobs finished before `before` (found through jobs_done_finished_at);
 * dead jobs stay until an operator acts. SKIP LOCKED: two instances purging at once take different rows.
 */
export async function purgeDoneJobs(db: Executor, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before)))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.delete(jobs).where(inArray(jobs.id, oldest)).returning({ id: jobs.id });
  return rows.length;
}

export interface JobStats {
  pending: number;
  /** Pending jobs already due (a growing number means the runners fall behind). */
  due: number;
  dead: number;
  /** How long the oldest due job has waited, 0 when none is due. */
  oldestDueLagMs: number;
}

/** The operator's view of the queue, read from the database (any instance sees the same). */
export async function readJobStats(db: Executor, at: Date): Promise<JobStats> {
  const atText = at.toISOString();
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'pending')`.mapWith(Number),
      due: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'pending' AND ${jobs.runAt} <= ${atText}::timestamptz)`.mapWith(
        Number,
      ),
      dead: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'dead')`.mapWith(Number),
      oldestDueMs: sql<number | null>`extract(epoch FROM ${atText}::timestamptz - min(${jobs.runAt}) FILTER (WHERE
        ${jobs.status} = 'pending' AND ${jobs.runAt} <= ${atText}::timestamptz)) * 1000`.mapWith(Number),
    })
    .from(jobs);
  return {
    pending: row?.pending ?? 0,
    due: row?.due ?? 0,
    dead: row?.dead ?? 0,
    oldestDueLagMs: Math.round(row?.oldestDueMs || 0),
  };
}
