import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../db/connect';
import { freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { counterValue, createTestTables, testRunner, type TestJobs } from '../../../tests/support/jobs';
import { migrate } from '../db/migrate';
import { scheduleJob } from './index';

// Exactly once across instances needs real concurrent connections: PostgreSQL only.
const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function database(): Promise<TestDatabase> {
  const db = await freshDatabase('postgres', { max: 10 });
  cleanup.push(() => db.dispose());
  await createTestTables(db.database);
  return db;
}

/** A second pool on the same database, as another server instance would open. */
async function secondPool(db: Database): Promise<{ database: Database; url: string }> {
  const [row] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const other = await createDb({ kind: 'postgres', url: url.toString(), max: 10 });
  cleanup.push(() => other.close());
  return { database: other, url: url.toString() };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    // A poll interval between probes (each is a database round trip), not a sleep standing in for a condition.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Starts tests/support/job-worker.ts and resolves once it is inside the handler of job `id`. */
async function workerInHandler(env: Record<string, string>, id: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/job-worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  cleanup.push(kill);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker never entered the handler:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`IN-HANDLER ${id}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the worker exited before the handler:\n${output}`));
    });
  });
  return { kill };
}

describePostgres('jobs runner across instances [postgres]', () => {
  it('two instances on their own pools run each of 200 due jobs exactly once, and both take some', async () => {
    const { database: first } = await database();
    const { database: second } = await secondPool(first);
    const now = Date.UTC(2026, 10, 22, 12);
    const jobCount = 200;
    for (let i = 0; i < jobCount; i++) {
      await scheduleJob<TestJobs>(first.db, { kind: 'test.count', runAt: now - i, payload: { amount: 1 } });
    }
    const runners = [
      testRunner(first, () => now, { instance: 'a', batchSize: 10 }),
      testRunner(second, () => now, { instance: 'b', batchSize: 10 }),
    ];
    // Each instance keeps taking passes until a pass finds nothing due, as its poll loop would.
    await Promise.all(
      runners.map(async (runner) => {
        while ((await runner.runDue()).length > 0);
      }),
    );

    expect(await counterValue(first)).toBe(jobCount);
    const runs = await first.query<{ job_id: string; instance: string }>('SELECT job_id, instance FROM job_test_runs');
    expect(runs).toHaveLength(jobCount);
    expect(new Set(runs.map((r) => r.job_id)).size).toBe(jobCount);
    const byInstance = {
      a: runs.filter((r) => r.instance === 'a').length,
      b: runs.filter((r) => r.instance === 'b').length,
    };
    expect(byInstance.a).toBeGreaterThan(0);
    expect(byInstance.b).toBeGreaterThan(0);
    const [statuses] = await first.query<{ done: string; attempts: string }>(
      "SELECT count(*) FILTER (WHERE status = 'done') AS done, sum(attempts) AS attempts FROM jobs",
    );
    expect(statuses).toEqual({ done: String(jobCount), attempts: String(jobCount) });
    expect(runners[0]!.metrics().ran + runners[1]!.metrics().ran).toBe(jobCount);
  });

  it('a runner process killed (SIGKILL) inside a handler leaves the job pending; the next runner completes it once', async () => {
    const { database: db } = await database();
    const { url } = await secondPool(db);
    const id = (await scheduleJob<TestJobs>(db.db, {
      kind: 'test.count',
      runAt: Date.now() - 1000,
      payload: { amount: 1 },
    }))!;

    const worker = await workerInHandler({ JOB_WORKER_DATABASE_URL: url }, id);

    // The worker's update is written but not committed: nobody else sees it, and the row stays locked to it.
    expect(await counterValue(db)).toBe(0);
    const survivor = testRunner(db, Date.now, { instance: 'survivor' });
    expect(await survivor.runDue()).toEqual([]); // skipped, not waited on, while the worker holds it
    await worker.kill();

    // PostgreSQL rolls the dead worker's transaction back once it sees the socket close.
    const ran = await waitFor(async () => {
      const result = await survivor.runDue();
      return result.length > 0 ? result : undefined;
    }, 'the survivor to pick the job up');
    expect(ran.map((r) => [r.id, r.outcome])).toEqual([[id, 'done']]);
    expect(await survivor.runDue()).toEqual([]);
    expect(await counterValue(db)).toBe(1);
    expect(await db.query('SELECT job_id::int AS job_id, instance FROM job_test_runs')).toEqual([
      { job_id: id, instance: 'survivor' },
    ]);
    expect(await db.query('SELECT status, attempts FROM jobs WHERE id = $1', [id])).toEqual([
      { status: 'done', attempts: 1 },
    ]);
  });
});

// A fresh on-disk database migrated here, then opened by a spawned worker: as long as other such tests allow.
describe('jobs runner restart [pglite]', { timeout: 240_000 }, () => {
  it('a server process killed (SIGKILL) inside a handler leaves the job pending in its data folder; the next start completes it once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bb-jobs-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const before = await createDb({ kind: 'pglite', dataDir });
    await migrate(before);
    await createTestTables(before);
    const id = (await scheduleJob<TestJobs>(before.db, {
      kind: 'test.count',
      runAt: Date.now() - 1000,
      payload: { amount: 1 },
    }))!;
    await before.close();

    const worker = await workerInHandler({ JOB_WORKER_DATA_DIR: dataDir }, id);
    await worker.kill();

    // The restarted server takes over the stale data-folder lock; PostgreSQL's recovery drops the open transaction.
    const after = await createDb({ kind: 'pglite', dataDir });
    cleanup.push(() => after.close());
    expect(await counterValue(after)).toBe(0);
    const runner = testRunner(after, Date.now, { instance: 'restarted' });
    expect((await runner.runDue()).map((r) => [r.id, r.outcome])).toEqual([[id, 'done']]);
    expect(await runner.runDue()).toEqual([]);
    expect(await counterValue(after)).toBe(1);
    expect(await after.query('SELECT status, attempts FROM jobs WHERE id = $1', [id])).toEqual([
      { status: 'done', attempts: 1 },
    ]);
  });
});
