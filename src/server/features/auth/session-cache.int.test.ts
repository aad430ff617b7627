import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra } from '../../../core/infra';
import {
  asPlayer,
  buildTestApp,
  expectError,
  tapsPerBatch,
  type Player,
  type TestApp,
} from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { openSocket, type TestSocket } from '../../../../tests/support/socket';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function lookups(app: { metrics: TestApp['metrics'] }) {
  return app.metrics.sessionCache
    .get()
    .then((m) => Object.fromEntries(m.values.map((v) => [v.labels.result, v.value])));
}

describe.each(drivers)('the session cache on one instance [%s]', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers repeated requests without reading the session again, and trusts it no longer than the TTL', async () => {
    const p = await asPlayer(app);
    const before = await lookups(app);
    for (let i = 0; i < 5; i++) expect((await p.request('GET', '/api/missions/status')).statusCode).toBe(200);
    const after = await lookups(app);
    expect((after.hit ?? 0) - (before.hit ?? 0)).toBe(5);
    expect((after.miss ?? 0) - (before.miss ?? 0)).toBe(0);
    // A session removed behind the server's back (no event): refused once the TTL has passed.
    await app.db.database.query('DELETE FROM sessions WHERE user_id = $1', [p.id]);
    expect((await p.request('GET', '/api/missions/status')).statusCode).toBe(200);
    app.clock.advance(infra.sessionCacheTtlMs);
    expectError(await p.request('GET', '/api/missions/status'), 401);
  });

  it('refuses a logged-out or banned session at once on the instance that ended it', async () => {
    const [p, q] = [await asPlayer(app), await asPlayer(app)];
    expect((await p.request('GET', '/api/missions/status')).statusCode).toBe(200);
    expect((await p.request('POST', '/api/auth/logout')).statusCode).toBe(204);
    expectError(await p.request('GET', '/api/missions/status'), 401);
    expect((await q.request('GET', '/api/missions/status')).statusCode).toBe(200);
    await app.services.auth.ban(q.id);
    expectError(await q.request('GET', '/api/missions/status'), 401);
  });
});

// Two instances on PostgreSQL and Redis, as behind a load balancer (TEST_DATABASE_URL, Redis at 127.0.0.1:6379).
describe.skipIf(!process.env.TEST_DATABASE_URL)('the session cache across two instances [postgres]', () => {
  let run: Instances;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    run = await startInstances(2, redisUrl);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await run?.close();
  });

  /** Status codes from instance B until it refuses, for at most ~2 s; the bus normally takes milliseconds. */
  async function refusedOnB(p: Player): Promise<boolean> {
    for (let i = 0; i < 100; i++) {
      if ((await via(run.apps[1]!, p, 'GET', '/api/missions/status')).statusCode === 401) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  it('refuses on B a session logged out through A, though B had it cached', async () => {
    const p = await asPlayer(run.apps[0]!);
    expect((await via(run.apps[1]!, p, 'GET', '/api/missions/status')).statusCode).toBe(200);
    expect((await via(run.apps[0]!, p, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect(await refusedOnB(p)).toBe(true);
  });

  it('refuses on B every session of a player banned through A', async () => {
    const p = await asPlayer(run.apps[0]!);
    expect((await via(run.apps[1]!, p, 'GET', '/api/missions/status')).statusCode).toBe(200);
    await run.apps[0]!.services.auth.ban(p.id);
    expect(await refusedOnB(p)).toBe(true);
  });

  it('shows on B the stats a tap through A changed, so a mission earned there is paid at once', async () => {
    const p = await asPlayer(run.apps[0]!);
    expect((await via(run.apps[1]!, p, 'GET', '/api/missions/status')).statusCode).toBe(200);
    const onB = await openSocket(run.urls[1]!, p.cookie);
    sockets.push(onB);
    expect(
      (await p.request('POST', '/api/game/tap-batch', { tapCount: tapsPerBatch, batchTimestamp: 1 })).statusCode,
    ).toBe(200);
    await onB.next('user.updated', (e) => e.d.totalTaps > 0, 2000);
    const done = await via(run.apps[1]!, p, 'POST', '/api/missions/complete', { missionId: 'clear_binary_row' });
    expect(done.statusCode, done.body).toBe(200);
  });
});
