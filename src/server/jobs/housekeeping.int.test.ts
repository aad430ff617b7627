import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';

// Housekeeping (docs/decisions/048-housekeeping-and-bounded-shutdown.md): one run of the jobs runner
// empties every table of what is past its retention, in batches, however far behind it is.

const hourMs = 3_600_000;
/** More than two batches of each kind of old row, so a run must loop. */
const oldRows = Math.round(infra.housekeepingBatchSize * 2.5);

describe.each(drivers)('housekeeping [%s]', (driver) => {
  let app: TestApp;
  let player: Player;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp(driver, {
      config: { logLevel: 'info' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    player = await asPlayer(app);
  });
  afterAll(() => app.close());

  const at = (offsetMs: number) => new Date(app.clock.now + offsetMs).toISOString();
  const count = async (sql: string, params: unknown[] = []) =>
    (await app.db.database.query<{ n: number }>(sql, params))[0]!.n;

  async function seed() {
    const query = (sql: string, params: unknown[]) => app.db.database.query(sql, params);
    const jobsOf = (status: string, finished: string | null, n: number) =>
      query(
        `INSERT INTO jobs (kind, payload, run_at, status, attempts, max_attempts, finished_at)
         SELECT 'drone.step', '{}', $1, $2, 1, 5, $3 FROM generate_series(1, $4::int)`,
        [at(-2 * infra.jobDoneRetentionMs), status, finished, n],
      );
    await jobsOf('done', at(-infra.jobDoneRetentionMs - hourMs), oldRows);
    await jobsOf('done', at(-hourMs), 7); // done within the retention: kept for their dedupe keys
    await jobsOf('dead', at(-infra.jobDoneRetentionMs - hourMs), 3); // dead ones wait for an operator
    await query(
      `INSERT INTO jobs (kind, payload, run_at, max_attempts) SELECT 'drone.step', '{}', $1, 5 FROM generate_series(1, 4)`,
      [at(hourMs)],
    );
    await query(
      `INSERT INTO sessions (id, user_id, csrf_token, created_at, last_seen_at, expires_at)
       SELECT 'expired-' || g, $1, 'token', $2, $2, $3 FROM generate_series(1, $4::int) g`,
      [player.id, at(-30 * 24 * hourMs), at(-hourMs), oldRows],
    );
    await query(
      `INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response, created_at)
       SELECT $1, 'old-' || g, 'test.scope', 'hash', 200, 'null', $2 FROM generate_series(1, $3::int) g`,
      [player.id, at(-infra.idempotencyKeyRetentionMs - hourMs), oldRows],
    );
    await query(
      `INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response, created_at)
       SELECT $1, 'young-' || g, 'test.scope', 'hash', 200, 'null', $2 FROM generate_series(1, 5) g`,
      [player.id, at(-hourMs)],
    );
  }

  it('one run removes every done job, expired session and old key past its retention, in batches, and keeps the rest', async () => {
    await seed();
    await app.jobs.housekeep();

    expect(await count("SELECT count(*)::int AS n FROM jobs WHERE status = 'done'")).toBe(7);
    expect(await count("SELECT count(*)::int AS n FROM jobs WHERE status = 'dead'")).toBe(3);
    expect(await count("SELECT count(*)::int AS n FROM jobs WHERE status = 'pending'")).toBe(4);
    expect(await count("SELECT count(*)::int AS n FROM sessions WHERE id LIKE 'expired-%'")).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1', [player.id])).toBe(5);
    // The player's own session is live and still signs them in.
    expect((await player.request('GET', '/api/auth/user')).statusCode).toBe(200);

    // Each table went in statements of at most housekeepingBatchSize rows.
    const reports = logLines
      .map((line) => JSON.parse(line) as { msg: string; task?: string; removed?: number; batches?: number })
      .filter((entry) => entry.msg === 'housekeeping removed old rows');
    const batches = Math.ceil((oldRows + 1) / infra.housekeepingBatchSize);
    expect(reports.map(({ task, removed, batches }) => ({ task, removed, batches }))).toEqual(
      expect.arrayContaining([
        { task: 'done jobs', removed: oldRows, batches },
        { task: 'expired sessions', removed: oldRows, batches },
        { task: 'idempotency keys', removed: oldRows, batches },
      ]),
    );
  });
});
