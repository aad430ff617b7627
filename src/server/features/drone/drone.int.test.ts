import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { buildApp } from '../../app';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { testConfig } from '../../../../tests/support/config';
import { drivers } from '../../../../tests/support/db';
import { act, grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';

const t = texts.optimizer;
const stepMs = 30_000;

async function state(app: TestApp) {
  const q = async (sql: string) => JSON.stringify(await app.db.database.query(sql));
  return [
    await q('SELECT id, telnet, level, current_exp, total_taps FROM users ORDER BY id'),
    await q('SELECT count(*)::int AS n FROM telnet_ledger'),
    await q('SELECT id, status, clicks_done FROM drone_runs ORDER BY id'),
    await q("SELECT count(*)::int AS n FROM jobs WHERE kind = 'drone.step'"),
  ].join('\n');
}

/** bigint columns come back as strings on PostgreSQL: numbers here. */
const row = async (app: TestApp, userId: number) => {
  const [r] = await app.db.database.query<Record<string, unknown>>(
    'SELECT level, current_exp, total_taps, tap_tokens, telnet FROM users WHERE id = $1',
    [userId],
  );
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as {
    level: number;
    current_exp: number;
    total_taps: number;
    tap_tokens: number;
    telnet: number;
  };
};

/** Moves the clock one step and lets the jobs runner run what is due. */
async function step(app: { jobs: TestApp['jobs'] }, clock: TestApp['clock']) {
  clock.advance(stepMs);
  return app.jobs.runDue();
}

describe.each(drivers)('Drone [%s]', (kind) => {
  let app: TestApp;
  let p: Player;
  beforeAll(async () => {
    // random() = 0.999: no drops, so the figures below are exact; a drops run follows separately.
    app = await buildTestApp(kind, { random: () => 0.999 });
    p = await asPlayer(app);
  });
  afterAll(() => app.close());

  it('status with no run: inactive, nothing to harvest', async () => {
    expect((await p.request('GET', '/api/drone/status')).data).toMatchObject({
      isActive: false,
      nextRunTime: null,
      harvestReady: false,
    });
    expect((await p.request('POST', '/api/drone/process')).data).toEqual({ success: false, message: t.droneNoHarvest });
  });

  it('refuses wrong types, negative, fractional, zero, huge and unaffordable Telnet with a 4xx, changing nothing', async () => {
    await grant(app, p, { telnet: 100 });
    const before = await state(app);
    for (const body of [
      {},
      { telnet: '10' },
      { telnet: -5 },
      { telnet: 1.5 },
      { telnet: 0 },
      { telnet: 2 ** 53 + 1 },
      { telnet: 10, extra: 1 },
      { telnet: null },
    ]) {
      expectError(await act(p, '/api/game/telnet-conversion', body), 400);
    }
    expectError(
      await p.request('POST', '/api/game/telnet-conversion', { telnet: 10 }),
      400,
      texts.idempotencyKeyMissing,
    );
    expectError(await act(p, '/api/game/telnet-conversion', { telnet: 101 }), 409, t.droneInsufficient(1));
    expect(await state(app)).toBe(before);
  });

  it('a bought run decodes 10 steps on the server, with ledger rows, without the player and without their tap budget', async () => {
    const start = await row(app, p.id);
    const res = await act(p, '/api/game/telnet-conversion', { telnet: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ success: true, clicks: 30, refundedTelnet: 0 });
    expect(res.data.status).toMatchObject({
      isActive: true,
      nextRunTime: app.clock.now + stepMs,
      clicksTotal: 30,
      clicksDone: 0,
    });
    expectError(await act(p, '/api/game/telnet-conversion', { telnet: 5 }), 409, t.droneBusy);

    for (let i = 0; i < 9; i++) await step(app, app.clock);
    expect((await p.request('GET', '/api/drone/status')).data).toMatchObject({ isActive: true, clicksDone: 27 });
    expect((await p.request('POST', '/api/drone/process')).data.success).toBe(false); // not finished yet
    const ran = await step(app, app.clock);
    expect(ran.map((j) => [j.kind, j.outcome])).toEqual([['drone.step', 'done']]);
    expect((await p.request('GET', '/api/drone/status')).data).toMatchObject({
      isActive: false,
      clicksDone: 30,
      harvestReady: true,
    });

    const end = await row(app, p.id);
    expect(end.total_taps - start.total_taps).toBe(30);
    expect(end.tap_tokens).toBe(start.tap_tokens); // the drone never draws on the human tap-rate bucket
    const ledger = await ledgerRows(app.db.database, p.id);
    expect(ledger.filter((r) => r.reason === 'drone-purchase').map((r) => r.delta)).toEqual([-30]);
    // 30 decodes at 10 % = 3 Telnet, paid as whole Telnet when the hundredths add up.
    expect(ledger.filter((r) => r.reason === 'decode').reduce((s, r) => s + r.delta, 0)).toBe(3);
    expect(end.telnet).toBe(start.telnet - 30 + 3);
    expect(Number(end.level)).toBeGreaterThan(1);
  });

  it('the harvest is handed out once, with the dialog figures', async () => {
    const [a, b] = await Promise.all([
      p.request('POST', '/api/drone/harvest', {}),
      p.request('POST', '/api/drone/process'),
    ]);
    const got = [a.data, b.data].filter((d) => d.success);
    expect(got).toHaveLength(1);
    expect(got[0].rewardSummary).toMatchObject({
      clicks: 30,
      oldLevel: 1,
      totalDrops: 0,
      gearDrops: [],
      telnetCoreDrops: [],
      telnetEarned: 3,
    });
    expect(got[0].rewardSummary.levelsGained).toBe(got[0].rewardSummary.newLevel - 1);
    // Level 1 → n: experience is what the 30 decodes gave (1 per decode at level 1, then the level each).
    expect(got[0].rewardSummary.experience).toBeGreaterThanOrEqual(30);
    expect((await p.request('POST', '/api/drone/harvest', {})).data.success).toBe(false);
  });

  it('Telnet past one run (250 clicks) is refunded at once through the ledger', async () => {
    await grant(app, p, { telnet: 300 });
    const res = await act(p, '/api/game/telnet-conversion', { telnet: 300 });
    expect(res.data).toMatchObject({ clicks: 250, refundedTelnet: 50 });
    const ledger = (await ledgerRows(app.db.database, p.id)).slice(-2);
    expect(ledger.map((r) => [r.reason, r.delta])).toEqual([
      ['drone-purchase', -300],
      ['drone-refund', 50],
    ]);
  });

  it("at the optimizer's top rates a run pays Telnet at the drone's cap, so a click never pays back its cost (ADR 051)", async () => {
    const q = await asPlayer(app);
    await app.db.database.query('UPDATE users SET connection_rate = 90 WHERE id = $1', [q.id]);
    await grant(app, q, { telnet: 100 });
    expect((await act(q, '/api/game/telnet-conversion', { telnet: 100 })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await step(app, app.clock);
    const earned = (await ledgerRows(app.db.database, q.id))
      .filter((r) => r.reason === 'decode')
      .reduce((s, r) => s + r.delta, 0);
    // 100 decodes at 90 % would pay 90; the drone pays at most balance.droneTelnetRateCapPct (80 %).
    expect(earned).toBe((100 * balance.droneTelnetRateCapPct) / 100);
  });

  it('a server restart in the middle of a run: the next instance finishes it exactly once', async () => {
    const q = await asPlayer(app);
    await grant(app, q, { telnet: 250 });
    expect((await act(q, '/api/game/telnet-conversion', { telnet: 250 })).statusCode).toBe(200);
    // p's 250-click run is also due on the same ticks; both finish.
    for (let i = 0; i < 4; i++) await step(app, app.clock);
    await app.jobs.stop();
    // A second instance on the same database (the first one is gone) picks the run up.
    const second = await buildApp({
      config: testConfig(),
      database: app.db.database,
      now: () => app.clock.now,
      random: () => 0.999,
    });
    try {
      for (let i = 0; i < 6; i++) await step(second, app.clock);
      expect(await second.jobs.runDue()).toEqual([]);
    } finally {
      await second.close();
    }
    const runs = await app.db.database.query<{ status: string; clicks_done: number; steps_done: number }>(
      'SELECT status, clicks_done, steps_done FROM drone_runs WHERE user_id = $1',
      [q.id],
    );
    expect(runs).toEqual([{ status: 'finished', clicks_done: 250, steps_done: 10 }]);
    expect(Number((await row(app, q.id)).total_taps)).toBe(250);
    const decodeRefs = (await ledgerRows(app.db.database, q.id))
      .filter((r) => r.reason === 'decode')
      .map((r) => r.reference);
    expect(new Set(decodeRefs).size).toBe(decodeRefs.length);
  });
});

describe.each(drivers)('Drone drops [%s]', (kind) => {
  let app: TestApp;
  afterAll(() => app.close());
  it('drops land in the inventory up to the 50-item cap, the rest counted as lost', async () => {
    // random() = 0: every decode drops gear and a core (2 per decode); 30 decodes would make 60.
    app = await buildTestApp(kind, { random: () => 0 });
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 30 });
    expect((await act(p, '/api/game/telnet-conversion', { telnet: 30 })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await step(app, app.clock);
    const h = (await p.request('POST', '/api/drone/harvest', {})).data;
    expect(h.success).toBe(true);
    expect(h.rewardSummary.totalDrops).toBe(50);
    expect(h.rewardSummary.lostDrops).toBe(10);
    const gear = h.rewardSummary.gearDrops[0];
    expect(gear).toMatchObject({
      name: expect.any(String),
      level: expect.any(Number),
      rarity: expect.any(String),
      statValue: expect.any(Number),
    });
    const items = await app.db.database.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM gear WHERE user_id = $1) + (SELECT count(*) FROM telnet_cores WHERE user_id = $1) AS n',
      [p.id],
    );
    expect(Number(items[0]!.n)).toBe(50);
  });
});
