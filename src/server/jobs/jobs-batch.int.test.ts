import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { createDb, type Database } from '../db/connect';
import { drivers, freshDatabase } from '../../../tests/support/db';
import { counterValue, createTestTables, testHandlers, type TestJobs } from '../../../tests/support/jobs';
import { createJobRunner, scheduleJob, type JobHandlers } from './index';
import { lockOrder } from './runner';

// Batches (docs/decisions/013-jobs-runner.md, "Batches"): one transaction claims several due jobs,
// runs each in its own savepoint, marks the successes done and commits; after-commit work runs after.

type BatchJobs = TestJobs & {
  /** Adds 1 to its player's row (a row lock, as a wallet credit takes), waits a little, says when it committed. */
  'test.player': { userId: number; waitMs: number };
};

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function database(kind: (typeof drivers)[number]) {
  const db = await freshDatabase(kind, { max: 10 });
  cleanup.push(() => db.dispose());
  await createTestTables(db.database);
  await db.database.query('CREATE TABLE job_test_players (id int PRIMARY KEY, n int NOT NULL)');
  await db.database.query('INSERT INTO job_test_players SELECT g, 0 FROM generate_series(0, 9) g');
  return db.database;
}

/** A second pool on the same PostgreSQL database, as another server instance would open. */
async function secondPool(db: Database): Promise<Database> {
  const [row] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const other = await createDb({ kind: 'postgres', url: url.toString(), max: 10 });
  cleanup.push(() => other.close());
  return other;
}

interface Logged {
  level: 'warn' | 'error';
  message: string;
  details: object;
}

function batchRunner(
  database: Database,
  now: () => number,
  options: { instance: string; claimSize: number; batchSize?: number; committed?: (jobId: number) => void },
) {
  const logged: Logged[] = [];
  const base = testHandlers(options.instance);
  const handlers = {
    ...base,
    // Announces itself before it may fail: the announcement must go only with an attempt that committed.
    'test.flaky': async (tx, job, afterCommit) => {
      afterCommit(() => options.committed?.(job.id));
      await base['test.flaky'](tx, job);
    },
    'test.player': async (tx, job, afterCommit) => {
      await tx.execute(sql`UPDATE job_test_players SET n = n + 1 WHERE id = ${job.payload.userId}`);
      await tx.execute(sql`INSERT INTO job_test_runs (job_id, instance) VALUES (${job.id}, ${options.instance})`);
      if (job.payload.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, job.payload.waitMs));
      afterCommit(() => options.committed?.(job.id));
    },
  } satisfies JobHandlers<BatchJobs>;
  const runner = createJobRunner<BatchJobs>({
    database,
    now,
    handlers,
    instanceId: options.instance,
    claimSize: options.claimSize,
    batchSize: options.batchSize ?? 50,
    pollIntervalMs: 20,
    log: {
      info() {},
      warn: (details, message) => logged.push({ level: 'warn', message, details }),
      error: (details, message) => logged.push({ level: 'error', message, details }),
    },
  });
  return { runner, logged };
}

async function jobRows(db: Database) {
  return db.query<{ id: number; status: string; attempts: number }>(
    'SELECT id::int AS id, status, attempts FROM jobs ORDER BY id',
  );
}

describe('lockOrder', () => {
  it('runs jobs naming a player by ascending userId, then the rest by id', () => {
    const rows = [
      { id: 1, payload: { runId: 9 } },
      { id: 2, payload: { userId: 7 } },
      { id: 3, payload: { userId: 2 } },
      { id: 4, payload: null },
      { id: 5, payload: { userId: 7 } },
    ];
    expect(lockOrder(rows).map((r) => r.id)).toEqual([3, 2, 5, 1, 4]);
  });
});

describe.each(drivers)('jobs runner batches [%s]', (kind) => {
  it('a failing job in a batch rolls back only its own writes and is retried; its neighbours commit and tell after the commit', async () => {
    const db = await database(kind);
    let clock = Date.UTC(2026, 10, 23, 12);
    const told: Array<{ jobId: number; status: string | undefined }> = [];
    const pendingChecks: Array<Promise<void>> = [];
    const { runner, logged } = batchRunner(db, () => clock, {
      instance: 'a',
      claimSize: 3,
      // Reads the job's row from outside the transaction: before the commit it would still be pending
      // (and on PGlite the read would wait for the batch's own transaction).
      committed: (jobId) =>
        void pendingChecks.push(
          db
            .query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [jobId])
            .then(([row]) => void told.push({ jobId, status: row?.status })),
        ),
    });
    const before = await scheduleJob<BatchJobs>(db.db, {
      kind: 'test.player',
      runAt: clock - 3,
      payload: { userId: 1, waitMs: 0 },
    });
    const flaky = await scheduleJob<BatchJobs>(db.db, {
      kind: 'test.flaky',
      runAt: clock - 2,
      payload: { failTimes: 1 },
    });
    const after = await scheduleJob<BatchJobs>(db.db, {
      kind: 'test.player',
      runAt: clock - 1,
      payload: { userId: 2, waitMs: 0 },
    });

    const ran = await runner.runDue();
    expect(ran.map((r) => [r.id, r.outcome])).toEqual([
      [before, 'done'],
      [after, 'done'],
      [flaky, 'retry'],
    ]);
    await Promise.all(pendingChecks);
    expect(told).toEqual([
      { jobId: before, status: 'done' },
      { jobId: after, status: 'done' },
    ]);
    // The flaky job's +1 on the counter was rolled back with its savepoint; the players' +1s stayed.
    expect(await counterValue(db)).toBe(0);
    expect(await db.query('SELECT id, n FROM job_test_players WHERE n > 0 ORDER BY id')).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 1 },
    ]);
    expect(await jobRows(db)).toEqual([
      { id: before, status: 'done', attempts: 1 },
      { id: flaky, status: 'pending', attempts: 1 },
      { id: after, status: 'done', attempts: 1 },
    ]);
    expect(logged).toEqual([
      {
        level: 'warn',
        message: 'job failed; will retry',
        details: expect.objectContaining({ jobId: flaky, attempt: 1 }),
      },
    ]);

    // Retried after its backoff, like a job run alone.
    clock += infra.jobRetryBaseMs - 1;
    expect(await runner.runDue()).toEqual([]);
    clock += 1;
    expect((await runner.runDue()).map((r) => [r.id, r.outcome])).toEqual([[flaky, 'done']]);
    await Promise.all(pendingChecks);
    expect(told.slice(2)).toEqual([{ jobId: flaky, status: 'done' }]);
    expect(await counterValue(db)).toBe(1);
    expect(runner.metrics()).toMatchObject({ ran: 3, retried: 1, dead: 0 });
  });

  it('a pass takes batchSize jobs in transactions of claimSize and leaves the rest for the next pass', async () => {
    const db = await database(kind);
    const clock = Date.UTC(2026, 10, 23, 12);
    const { runner } = batchRunner(db, () => clock, { instance: 'a', claimSize: 4, batchSize: 10 });
    for (let i = 0; i < 12; i++)
      await scheduleJob<BatchJobs>(db.db, { kind: 'test.count', runAt: clock - 100 + i, payload: { amount: 1 } });
    expect(await runner.runDue()).toHaveLength(10);
    expect(await counterValue(db)).toBe(10);
    expect(await runner.runDue()).toHaveLength(2);
    expect(await counterValue(db)).toBe(12);
  });
});

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** Each runner keeps taking passes until one finds nothing due, as its poll loop would. */
async function drain(runners: Array<{ runDue(): Promise<unknown[]> }>) {
  await Promise.all(
    runners.map(async (runner) => {
      while ((await runner.runDue()).length > 0);
    }),
  );
}

describePostgres('jobs runner batches across instances [postgres]', () => {
  it('two instances claiming 20 jobs per transaction run each of 200 due jobs exactly once, and both take some', async () => {
    const first = await database('postgres');
    const second = await secondPool(first);
    const now = Date.UTC(2026, 10, 23, 12);
    for (let i = 0; i < 200; i++)
      await scheduleJob<BatchJobs>(first.db, { kind: 'test.count', runAt: now - i, payload: { amount: 1 } });
    const a = batchRunner(first, () => now, { instance: 'a', claimSize: 20 });
    const b = batchRunner(second, () => now, { instance: 'b', claimSize: 20 });
    await drain([a.runner, b.runner]);

    expect(await counterValue(first)).toBe(200);
    const runs = await first.query<{ job_id: string; instance: string }>('SELECT job_id, instance FROM job_test_runs');
    expect(runs).toHaveLength(200);
    expect(new Set(runs.map((r) => r.job_id)).size).toBe(200);
    expect(runs.some((r) => r.instance === 'a')).toBe(true);
    expect(runs.some((r) => r.instance === 'b')).toBe(true);
    expect(
      await first.query("SELECT count(*)::int AS done, sum(attempts)::int AS attempts FROM jobs WHERE status = 'done'"),
    ).toEqual([{ done: 200, attempts: 200 }]);
    expect([...a.logged, ...b.logged]).toEqual([]);
  });

  it('two instances whose batches lock the same players in opposite claim orders finish without a deadlock', async () => {
    const first = await database('postgres');
    const second = await secondPool(first);
    const now = Date.UTC(2026, 10, 23, 12);
    // Claim order (run_at): batches of 20 alternate players 0→9,0→9 and 9→0,9→0, so two batches claimed at
    // once would lock the same ten players in opposite orders if each ran its jobs as claimed.
    let at = now - 10_000;
    for (let batch = 0; batch < 10; batch++) {
      for (let i = 0; i < 20; i++) {
        const player = batch % 2 === 0 ? i % 10 : 9 - (i % 10);
        await scheduleJob<BatchJobs>(first.db, {
          kind: 'test.player',
          runAt: at++,
          payload: { userId: player, waitMs: 2 },
        });
      }
    }
    const a = batchRunner(first, () => now, { instance: 'a', claimSize: 20 });
    const b = batchRunner(second, () => now, { instance: 'b', claimSize: 20 });
    await drain([a.runner, b.runner]);

    // No attempt failed (a deadlock would be a failed, retried attempt) and every job ran once.
    expect([...a.logged, ...b.logged]).toEqual([]);
    expect(
      await first.query("SELECT count(*)::int AS done, sum(attempts)::int AS attempts FROM jobs WHERE status = 'done'"),
    ).toEqual([{ done: 200, attempts: 200 }]);
    expect(await first.query('SELECT id, n FROM job_test_players ORDER BY id')).toEqual(
      Array.from({ length: 10 }, (_, id) => ({ id, n: 20 })),
    );
    const runs = await first.query<{ instance: string }>('SELECT instance FROM job_test_runs');
    expect(runs.some((r) => r.instance === 'a') && runs.some((r) => r.instance === 'b')).toBe(true);
  });
});
