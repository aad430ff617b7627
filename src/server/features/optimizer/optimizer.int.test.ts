import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';

const t = texts.optimizer;

/** What a refused call must leave alone: balances, ledger, optimizer rows, jobs. */
async function state(app: TestApp) {
  const q = async (sql: string) => JSON.stringify(await app.db.database.query(sql));
  return [
    await q('SELECT id, telnet, connection_rate FROM users ORDER BY id'),
    await q('SELECT count(*)::int AS n FROM telnet_ledger'),
    await q('SELECT * FROM optimizer_states ORDER BY user_id'),
    await q("SELECT count(*)::int AS n FROM jobs WHERE kind = 'optimizer.completed'"),
  ].join('\n');
}

describe.each(drivers)('Optimizer [%s]', (kind) => {
  let app: TestApp;
  let p: Player;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    p = await asPlayer(app);
  });
  afterAll(() => app.close());

  it('a new player is at level 0, 10.00 %, idle, next upgrade 20 Telnet for 1 minute', async () => {
    const res = await p.request('GET', '/api/optimizer/status');
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      currentLevel: 0,
      currentConnectionRate: 10,
      isActive: false,
      timeRemaining: 0,
      canCollectReward: false,
      nextUpgradeCost: 20,
      nextUpgradeTime: 1,
      endsAt: null,
    });
  });

  it('refuses a start it cannot pay with "Not enough telnet!" and changes nothing', async () => {
    const before = await state(app);
    expectError(await act(p, '/api/optimizer/start'), 409, t.notEnoughTelnet);
    expect(await state(app)).toBe(before);
  });

  it('refuses bad input and a missing Idempotency-Key with a 400 and changes nothing', async () => {
    await grant(app, p, { telnet: 100 });
    const before = await state(app);
    expectError(await p.request('POST', '/api/optimizer/start', {}), 400, texts.idempotencyKeyMissing);
    expectError(await act(p, '/api/optimizer/start', { cost: 1 }), 400);
    expectError(await act(p, '/api/optimizer/start', { level: -1 }), 400);
    expectError(await act(p, '/api/optimizer/collect', { __proto__: 1, x: 1 }), 400);
    expect(await state(app)).toBe(before);
  });

  it('start takes the Telnet through the ledger, counts down from the server end time, and a replay charges once', async () => {
    const key = 'optimizer-start-1';
    const first = await act(p, '/api/optimizer/start', {}, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data).toMatchObject({ success: true, timeMinutes: 1, costTelnet: 20 });
    expect(first.data.status).toMatchObject({ isActive: true, timeRemaining: 60, endsAt: app.clock.now + 60_000 });
    const replay = await act(p, '/api/optimizer/start', {}, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const paid = (await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'optimizer-upgrade');
    expect(paid).toEqual([{ delta: -20, reason: 'optimizer-upgrade', reference: 'optimizer:1' }]);
    app.clock.advance(45_000);
    expect((await p.request('GET', '/api/optimizer/status')).data).toMatchObject({
      isActive: true,
      timeRemaining: 15,
      canCollectReward: false,
    });
  });

  it('refuses a second start while active and a collect before the end time, changing nothing', async () => {
    const before = await state(app);
    expectError(await act(p, '/api/optimizer/start'), 409, t.activeRefusal);
    expectError(await act(p, '/api/optimizer/collect'), 409, t.nothingToCollect);
    expect(await state(app)).toBe(before);
  });

  it('collect after the end time gives +1 % and level +1, once', async () => {
    app.clock.advance(15_000);
    expect((await p.request('GET', '/api/optimizer/status')).data).toMatchObject({
      canCollectReward: true,
      timeRemaining: 0,
    });
    const res = await p.request('POST', '/api/optimizer/collect');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ success: true, newConnectionRate: 11, newLevel: 1 });
    expect((await p.request('GET', '/api/auth/user')).data.connectionRate).toBe(11);
    expectError(await p.request('POST', '/api/optimizer/collect'), 409, t.nothingToCollect);
    // The server's job for this upgrade finds it collected and does nothing.
    await app.jobs.runDue();
    expect((await p.request('GET', '/api/optimizer/status')).data).toMatchObject({
      currentLevel: 1,
      currentConnectionRate: 11,
      nextUpgradeCost: 22,
      nextUpgradeTime: 3,
    });
  });

  it('the secure path /api/optimizer/upgrade starts it too; the server collects it at the end time when the player is away', async () => {
    const res = await act(p, '/api/optimizer/upgrade', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body)).toHaveProperty('secureData');
    expect(res.data).toMatchObject({ timeMinutes: 3, costTelnet: 22 });
    app.clock.advance(3 * 60_000 - 1);
    await app.jobs.runDue();
    expect((await p.request('GET', '/api/optimizer/status')).data.currentLevel).toBe(1);
    app.clock.advance(1);
    const ran = await app.jobs.runDue();
    expect(ran.filter((j) => j.kind === 'optimizer.completed').map((j) => j.outcome)).toEqual(['done']);
    expect((await p.request('GET', '/api/optimizer/status')).data).toMatchObject({
      currentLevel: 2,
      currentConnectionRate: 12,
      isActive: false,
    });
    expect((await p.request('GET', '/api/auth/user')).data.connectionRate).toBe(12);
  });

  it('the secure path refuses a plain (unwrapped) body', async () => {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/api/optimizer/upgrade',
      headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken, 'idempotency-key': 'plain-body-1' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('at level 80 the upgrade is unavailable', async () => {
    const q = await asPlayer(app);
    await grant(app, q, { telnet: 10_000 });
    await app.db.database.query('INSERT INTO optimizer_states (user_id, level) VALUES ($1, 80)', [q.id]);
    expect((await q.request('GET', '/api/optimizer/status')).data).toMatchObject({
      currentLevel: 80,
      currentConnectionRate: 90,
      nextUpgradeCost: null,
      nextUpgradeTime: null,
    });
    const before = await state(app);
    expectError(await act(q, '/api/optimizer/start'), 409, t.maxLevelRefusal);
    expect(await state(app)).toBe(before);
  });

  it('needs a session', async () => {
    expect((await app.fastify.inject({ method: 'GET', url: '/api/optimizer/status' })).statusCode).toBe(401);
  });
});
