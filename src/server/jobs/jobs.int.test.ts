import { afterEach, describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { asPlayer, buildTestApp, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { counterValue, createTestTables, testRunner, type TestJobs } from '../../../tests/support/jobs';
import { cancelJob, scheduleJob } from './index';

const minute = 60_000;
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setup(kind: (typeof drivers)[number]) {
  app = await buildTestApp(kind);
  await createTestTables(app.db.database);
  return app;
}

async function jobRow(a: TestApp, id: number) {
  const [row] = await a.db.database.query<{
    status: string;
    attempts: number;
    last_error: string | null;
    run_at: Date | string;
  }>('SELECT status, attempts, last_error, run_at FROM jobs WHERE id = $1', [id]);
  return { ...row!, runAt: new Date(row!.run_at).getTime() };
}

describe.each(drivers)('jobs runner [%s]', (kind) => {
  it('runs a due job once, leaves a later one until the injected clock reaches it, and reports lag', async () => {
    const a = await setup(kind);
    const runner = testRunner(a.db.database, () => a.clock.now);
    const db = a.db.database.db;
    const dueNow = await db.transaction((tx) =>
      scheduleJob<TestJobs>(tx, { kind: 'test.count', runAt: a.clock.now, payload: { amount: 1 } }),
    );
    const later = await scheduleJob<TestJobs>(db, {
      kind: 'test.count',
      runAt: a.clock.now + minute,
      payload: { amount: 10 },
    });

    expect((await runner.runDue()).map((r) => [r.id, r.outcome])).toEqual([[dueNow, 'done']]);
    expect(await runner.runDue()).toEqual([]);
    expect(await counterValue(a.db.database)).toBe(1);
    expect(await runner.stats()).toMatchObject({ pending: 1, due: 0, oldestDueLagMs: 0 });

    a.clock.advance(minute + 30_000);
    expect(await runner.stats()).toMatchObject({ pending: 1, due: 1, oldestDueLagMs: 30_000 });
    const ran = await runner.runDue();
    expect(ran).toEqual([{ id: later, kind: 'test.count', outcome: 'done', lagMs: 30_000 }]);
    expect(await runner.runDue()).toEqual([]);
    expect(await counterValue(a.db.database)).toBe(11);
    expect(runner.metrics()).toEqual({
      ran: 2,
      retried: 0,
      dead: 0,
      lagMs: { count: 2, p50: 0, p99: 30_000, max: 30_000 },
    });
    expect(await jobRow(a, later!)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('schedules a dedupe key once, cancels a pending job, and drops a job whose transaction rolled back', async () => {
    const a = await setup(kind);
    const runner = testRunner(a.db.database, () => a.clock.now);
    const db = a.db.database.db;
    const job = { kind: 'test.count', runAt: a.clock.now, payload: { amount: 1 }, dedupeKey: 'boss:7' } as const;
    expect(await scheduleJob<TestJobs>(db, job)).toEqual(expect.any(Number));
    expect(await scheduleJob<TestJobs>(db, job)).toBeNull();
    await runner.runDue();
    // Still one job after it ran: a late duplicate report does not respawn the boss twice.
    expect(await scheduleJob<TestJobs>(db, job)).toBeNull();
    expect(await counterValue(a.db.database)).toBe(1);
    expect(await cancelJob(db, 'test.count', 'boss:7')).toBe(false);

    await scheduleJob<TestJobs>(db, { ...job, dedupeKey: 'listing:1', runAt: a.clock.now + minute });
    expect(await cancelJob(db, 'test.count', 'listing:1')).toBe(true);
    await expect(
      db.transaction(async (tx) => {
        await scheduleJob<TestJobs>(tx, { ...job, dedupeKey: 'listing:2' });
        throw new Error('the listing insert failed');
      }),
    ).rejects.toThrow('the listing insert failed');
    a.clock.advance(2 * minute);
    expect(await runner.runDue()).toEqual([]);
    expect(await counterValue(a.db.database)).toBe(1);
  });

  it('retries a failing job with doubling backoff, rolls back its writes, then dead-letters it with the error', async () => {
    const a = await setup(kind);
    const errors: Array<{ details: object; message: string }> = [];
    const log = {
      info() {},
      warn() {},
      error: (details: object, message: string) => errors.push({ details, message }),
    };
    const runner = testRunner(a.db.database, () => a.clock.now, { log });
    const id = (await scheduleJob<TestJobs>(a.db.database.db, {
      kind: 'test.flaky',
      runAt: a.clock.now,
      payload: { failTimes: -1 },
      maxAttempts: 3,
    }))!;

    expect((await runner.runDue()).map((r) => r.outcome)).toEqual(['retry']);
    expect(await jobRow(a, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      runAt: a.clock.now + infra.jobRetryBaseMs,
    });
    a.clock.advance(infra.jobRetryBaseMs - 1);
    expect(await runner.runDue()).toEqual([]);
    a.clock.advance(1);
    expect((await runner.runDue()).map((r) => r.outcome)).toEqual(['retry']);
    expect(await jobRow(a, id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      runAt: a.clock.now + 2 * infra.jobRetryBaseMs,
    });
    a.clock.advance(2 * infra.jobRetryBaseMs);
    expect((await runner.runDue()).map((r) => r.outcome)).toEqual(['dead']);

    const dead = await jobRow(a, id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
    expect(dead.last_error).toContain('disk on fire (attempt 3)');
    expect(await counterValue(a.db.database)).toBe(0); // every attempt's write was rolled back
    expect(errors).toEqual([
      {
        message: 'job dead-lettered after its last attempt',
        details: expect.objectContaining({ jobId: id, kind: 'test.flaky' }),
      },
    ]);
    a.clock.advance(infra.jobRetryMaxMs);
    expect(await runner.runDue()).toEqual([]);
    expect(await runner.stats()).toMatchObject({ pending: 0, dead: 1 });
    expect(runner.metrics()).toMatchObject({ ran: 0, retried: 2, dead: 1 });
  });

  it('succeeds on a later attempt after failures, applying its effect once', async () => {
    const a = await setup(kind);
    const runner = testRunner(a.db.database, () => a.clock.now);
    const id = (await scheduleJob<TestJobs>(a.db.database.db, {
      kind: 'test.flaky',
      runAt: a.clock.now,
      payload: { failTimes: 2 },
    }))!;
    for (let attempt = 0; attempt < 3; attempt++) {
      await runner.runDue();
      a.clock.advance(infra.jobRetryMaxMs);
    }
    expect(await jobRow(a, id)).toMatchObject({
      status: 'done',
      attempts: 3,
      last_error: expect.stringContaining('attempt 2'),
    });
    expect(await counterValue(a.db.database)).toBe(1);
    expect(runner.metrics()).toMatchObject({ ran: 1, retried: 2, dead: 0 });
  });

  it('answers an HTTP request while the runner works through a long batch', async () => {
    const a = await setup(kind);
    const player = await asPlayer(a);
    const jobCount = 60;
    for (let i = 0; i < jobCount; i++) {
      await scheduleJob<TestJobs>(a.db.database.db, { kind: 'test.slow', runAt: a.clock.now, payload: { waitMs: 10 } });
    }
    let started!: () => void;
    const firstJob = new Promise<void>((resolve) => (started = resolve));
    const runner = testRunner(a.db.database, () => a.clock.now, {
      batchSize: jobCount,
      hooks: { inHandler: () => started() },
    });
    const pass = runner.runDue();
    await firstJob;
    const res = await player.request('GET', '/api/leaderboard');
    const doneWhenAnswered = runner.metrics().ran;
    expect(res.statusCode).toBe(200);
    // On PGlite's one connection the request got in between two jobs, not after the whole batch.
    expect(doneWhenAnswered).toBeLessThan(jobCount / 2);
    expect(await pass).toHaveLength(jobCount);
    expect(await counterValue(a.db.database)).toBe(jobCount);
  });

  it('stop() waits for the job in flight, which commits, and takes no further job', async () => {
    const a = await setup(kind);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const runner = testRunner(a.db.database, () => a.clock.now, {
      hooks: { inHandler: () => entered(), gate: () => gate },
    });
    await scheduleJob<TestJobs>(a.db.database.db, { kind: 'test.count', runAt: a.clock.now, payload: { amount: 1 } });
    await scheduleJob<TestJobs>(a.db.database.db, { kind: 'test.count', runAt: a.clock.now, payload: { amount: 1 } });
    runner.start();
    await inHandler;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    // The job in flight finished and committed; the second was left for the next start.
    expect(await counterValue(a.db.database)).toBe(1);
    expect(await runner.stats()).toMatchObject({ pending: 1 });
  });
});
