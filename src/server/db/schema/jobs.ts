import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A job waits as 'pending' until it runs ('done') or has used all its attempts ('dead', kept with its error). */
export const jobStatuses = ['pending', 'done', 'dead'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Timed and background work (docs/decisions/013-jobs-runner.md): a row per job, due at run_at,
 * scheduled in the transaction of the state change it belongs to, claimed with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Scheduling the same (kind, dedupe_key) twice is one job, for as long as the row is kept. */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    /** Failed attempts so far (a successful run adds one too). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_kind_dedupe_key').on(t.kind, t.dedupeKey),
    index('jobs_status_run_at').on(t.status, t.runAt),
    // The purge of done jobs finds the oldest without reading the pending and dead ones (ADR 048).
    index('jobs_done_finished_at')
      .on(t.finishedAt)
      .where(sql`${t.status} = 'done'`),
    check('jobs_status_known', sql`${t.status} IN ('pending', 'done', 'dead')`),
    check('jobs_attempts_in_range', sql`${t.attempts} >= 0 AND ${t.maxAttempts} >= 1`),
  ],
);
