// Test-only kinds and handlers shared by the jobs runner's tests and the worker process they kill.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connect';
import type { JobHandlers } from '../../src/server/jobs/kinds';
import { createJobRunner, type JobLog } from '../../src/server/jobs/runner';

export type TestJobs = {
  /** Adds `amount` to the counter row and records which runner did it. */
  'test.count': { amount: number };
  /** Writes to the counter, then throws while `job.attempts < failTimes` (failTimes -1: always). */
  'test.flaky': { failTimes: number };
  /** Holds its transaction open until `gate` lets it go (stop, kill and busy tests). */
  'test.slow': { waitMs: number };
};

/** The counter row and the log of runs the handlers write; both live in the test's own database. */
export async function createTestTables(database: Database): Promise<void> {
  await database.query('CREATE TABLE job_test_counter (id int PRIMARY KEY, n int NOT NULL)');
  await database.query('INSERT INTO job_test_counter VALUES (1, 0)');
  await database.query('CREATE TABLE job_test_runs (job_id bigint NOT NULL, instance text NOT NULL)');
}

export async function counterValue(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>('SELECT n FROM job_test_counter WHERE id = 1');
  return Number(row!.n);
}

export function testHandlers(
  instance: string,
  hooks: { inHandler?: (jobId: number) => void; gate?: () => Promise<void> } = {},
) {
  return {
    'test.count': async (tx, job) => {
      await tx.execute(sql`UPDATE job_test_counter SET n = n + ${job.payload.amount} WHERE id = 1`);
      await tx.execute(sql`INSERT INTO job_test_runs (job_id, instance) VALUES (${job.id}, ${instance})`);
      hooks.inHandler?.(job.id);
      await hooks.gate?.();
    },
    'test.flaky': async (tx, job) => {
      await tx.execute(sql`UPDATE job_test_counter SET n = n + 1 WHERE id = 1`);
      if (job.payload.failTimes < 0 || job.attempts < job.payload.failTimes)
        throw new Error(`disk on fire (attempt ${job.attempts + 1})`);
    },
    'test.slow': async (tx, job) => {
      await tx.execute(sql`UPDATE job_test_counter SET n = n + 1 WHERE id = 1`);
      hooks.inHandler?.(job.id);
      await new Promise((resolve) => setTimeout(resolve, job.payload.waitMs));
      await hooks.gate?.();
    },
  } satisfies JobHandlers<TestJobs>;
}

export function testRunner(
  database: Database,
  now: () => number,
  options: { instance?: string; log?: JobLog; batchSize?: number; hooks?: Parameters<typeof testHandlers>[1] } = {},
) {
  const instance = options.instance ?? 'a';
  return createJobRunner<TestJobs>({
    database,
    now,
    handlers: testHandlers(instance, options.hooks),
    instanceId: instance,
    ...(options.log ? { log: options.log } : {}),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    pollIntervalMs: 20,
  });
}
