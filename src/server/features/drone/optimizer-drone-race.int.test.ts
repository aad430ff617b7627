import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/connect';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { testConfig } from '../../../../tests/support/config';
import { act, grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';
import { barrier } from '../../../../tests/support/race';

const racers = 20;
/** Each naive version's racers all read before any writes (a barrier): forced, not hoped for from the scheduler. */
type AllRead = () => Promise<void>;

/** A naive collect: read the end time, then level + 1, with no lock or condition between. */
async function naiveCollect(database: Database, userId: number, allRead: AllRead): Promise<number> {
  const [row] = await database.query<{ ends_at: Date | null }>(
    'SELECT ends_at FROM optimizer_states WHERE user_id = $1',
    [userId],
  );
  await allRead();
  if (!row?.ends_at) return 409;
  await database.query(
    'UPDATE optimizer_states SET level = level + 1, ends_at = NULL, started_at = NULL, paid_telnet = NULL WHERE user_id = $1',
    [userId],
  );
  return 200;
}

/** A naive harvest: read a finished run, then mark it harvested, no condition in the write. */
async function naiveHarvest(database: Database, userId: number, allRead: AllRead): Promise<boolean> {
  const [row] = await database.query<{ id: number }>(
    "SELECT id FROM drone_runs WHERE user_id = $1 AND status = 'finished' ORDER BY id LIMIT 1",
    [userId],
  );
  await allRead();
  if (!row) return false;
  await database.query("UPDATE drone_runs SET status = 'harvested' WHERE id = $1", [row.id]);
  return true;
}

/** A naive start: read the state, then debit and mark running, no lock. */
async function naiveStart(database: Database, userId: number, allRead: AllRead): Promise<number> {
  const [row] = await database.query<{ ends_at: Date | null }>(
    'SELECT ends_at FROM optimizer_states WHERE user_id = $1',
    [userId],
  );
  await allRead();
  if (row?.ends_at) return 409;
  await database.query(
    "INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES ($1, -20, 'optimizer-upgrade', 'naive')",
    [userId],
  );
  await database.query(
    'UPDATE optimizer_states SET ends_at = now(), started_at = now(), paid_telnet = 20 WHERE user_id = $1',
    [userId],
  );
  return 200;
}

async function finishedRun(app: TestApp, p: Player) {
  await grant(app, p, { telnet: 10 });
  expect((await act(p, '/api/game/telnet-conversion', { telnet: 10 })).statusCode).toBe(200);
  for (let i = 0; i < 10; i++) {
    app.clock.advance(30_000);
    await app.jobs.runDue();
  }
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('Optimizer and Drone races [postgres]', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('postgres', { random: () => 0.999 });
  }, 120_000);
  afterAll(() => app.close());

  it('20 simultaneous collects pay once; the check catches a naive read-then-write collect', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 100 });
    expect((await act(p, '/api/optimizer/start')).statusCode).toBe(200);
    app.clock.advance(60_000);
    const answers = await Promise.all(
      Array.from({ length: racers }, () => p.request('POST', '/api/optimizer/collect')),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(racers - 1);
    expect((await p.request('GET', '/api/optimizer/status')).data.currentLevel).toBe(1);

    // The naive version on a second player ready to collect: more than one "wins" and the level jumps.
    const q = await asPlayer(app);
    await grant(app, q, { telnet: 100 });
    expect((await act(q, '/api/optimizer/start')).statusCode).toBe(200);
    const allRead = barrier(racers);
    const naive = await Promise.all(Array.from({ length: racers }, () => naiveCollect(app.db.database, q.id, allRead)));
    expect(naive.filter((s) => s === 200)).toHaveLength(racers);
  });

  it('start twice at once charges once; the check catches a naive start', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 1000 });
    const answers = await Promise.all(Array.from({ length: racers }, () => act(p, '/api/optimizer/start')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(racers - 1);
    expect((await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'optimizer-upgrade')).toHaveLength(1);

    const q = await asPlayer(app);
    await app.db.database.query('INSERT INTO optimizer_states (user_id) VALUES ($1)', [q.id]);
    const allRead = barrier(racers);
    const naive = await Promise.all(Array.from({ length: racers }, () => naiveStart(app.db.database, q.id, allRead)));
    expect(naive.filter((s) => s === 200)).toHaveLength(racers);
  });

  it('a drone bought 20 times at once is one run and 19 refusals, charged once', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 1000 });
    const answers = await Promise.all(
      Array.from({ length: racers }, () => act(p, '/api/game/telnet-conversion', { telnet: 10 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(racers - 1);
    expect((await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'drone-purchase')).toHaveLength(1);
    const runs = await app.db.database.query('SELECT id FROM drone_runs WHERE user_id = $1', [p.id]);
    expect(runs).toHaveLength(1);
  });

  it('a replayed secure-path body is counted once', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 100 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => act(p, '/api/game/telnet-conversion', { telnet: 10 }, 'replayed-key-1')),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect((await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'drone-purchase')).toHaveLength(1);
  });

  it('20 simultaneous harvests hand it out once; the check catches a naive harvest', async () => {
    const p = await asPlayer(app);
    await finishedRun(app, p);
    const answers = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        p.request('POST', i % 2 ? '/api/drone/harvest' : '/api/drone/process', {}),
      ),
    );
    expect(answers.filter((a) => a.data.success === true)).toHaveLength(1);

    const q = await asPlayer(app);
    await finishedRun(app, q);
    const allRead = barrier(racers);
    const naive = await Promise.all(Array.from({ length: racers }, () => naiveHarvest(app.db.database, q.id, allRead)));
    expect(naive.filter(Boolean)).toHaveLength(racers);
  });

  it('two instances running due drone steps at once run each step exactly once', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => asPlayer(app)));
    for (const p of players) {
      await grant(app, p, { telnet: 250 });
      expect((await act(p, '/api/game/telnet-conversion', { telnet: 250 })).statusCode).toBe(200);
    }
    const second: App = await buildApp({
      config: testConfig(),
      database: app.db.database,
      now: () => app.clock.now,
      random: () => 0.999,
    });
    try {
      for (let i = 0; i < 10; i++) {
        app.clock.advance(30_000);
        const [a, b] = await Promise.all([app.jobs.runDue(), second.jobs.runDue()]);
        const ids = [...a, ...b].map((j) => j.id);
        expect(new Set(ids).size).toBe(ids.length);
      }
    } finally {
      await second.close();
    }
    for (const p of players) {
      const [r] = await app.db.database.query<{ total_taps: number }>('SELECT total_taps FROM users WHERE id = $1', [
        p.id,
      ]);
      expect(Number(r!.total_taps)).toBe(250);
    }
  });
});
