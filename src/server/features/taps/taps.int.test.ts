import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { expForLevel } from '../../../core/rules/exp';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

let stamp = 1_000;
const batch = (tapCount: number) => ({ tapCount, batchTimestamp: stamp++ });

describe.each(drivers)('tap-batch [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  const ledgerSum = async (userId: number) => {
    const [row] = await app.db.database.query<{ s: string | number }>(
      'SELECT coalesce(sum(delta),0) AS s FROM telnet_ledger WHERE user_id = $1',
      [userId],
    );
    return Number(row!.s);
  };

  it('counts decodes, gives 1 exp per decode at level 1 and levels up at 10 with carry-over', async () => {
    const p = await asPlayer(app);
    let res = await p.request('POST', '/api/game/tap-batch', batch(3));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('secureData');
    expect(res.data.user).toMatchObject({ level: 1, currentExp: 3, maxExp: 10, totalTaps: 3 });
    res = await p.request('POST', '/api/game/tap-batch', batch(7));
    expect(res.data.user).toMatchObject({ level: 2, currentExp: 0, maxExp: expForLevel(2), totalTaps: 10 });
    expect(res.data.levelsGained).toBe(1);
    // At level 2 a decode is worth 2 exp.
    res = await p.request('POST', '/api/game/tap-batch', batch(3));
    expect(res.data.user).toMatchObject({ level: 2, currentExp: 6, totalTaps: 13 });
  });

  it('converts decodes to Telnet at the connection rate (10% → 1 per 10) with a ledger row per gain', async () => {
    const p = await asPlayer(app);
    for (let i = 0; i < 7; i++) {
      app.clock.advance(2000);
      expect((await p.request('POST', '/api/game/tap-batch', batch(3))).statusCode).toBe(200); // 21 decodes in all
    }
    const me = await p.request('GET', '/api/auth/user');
    expect(me.json().telnet).toBe(2);
    expect(await ledgerSum(p.id)).toBe(2);
    const rows = await app.db.database.query<{ reason: string }>(
      'SELECT reason FROM telnet_ledger WHERE user_id = $1',
      [p.id],
    );
    expect(rows.every((r) => r.reason === 'decode')).toBe(true);
  });

  it('keeps a batch key 10 minutes for replays, then forgets it outside any tap transaction', async () => {
    const p = await asPlayer(app);
    const keysOf = async () =>
      (
        await app.db.database.query<{ b: string | number }>(
          'SELECT batch_timestamp AS b FROM tap_batches WHERE user_id = $1 ORDER BY 1',
          [p.id],
        )
      ).map((r) => Number(r.b));
    const old = batch(1);
    expect((await p.request('POST', '/api/game/tap-batch', old)).statusCode).toBe(200);
    app.clock.advance(9 * 60_000);
    // Within the window a replay is recognised: counted once.
    expect((await p.request('POST', '/api/game/tap-batch', old)).data.user.totalTaps).toBe(1);
    app.clock.advance(2 * 60_000);
    const recent = batch(1);
    expect((await p.request('POST', '/api/game/tap-batch', recent)).data.user.totalTaps).toBe(2);
    // The jobs runner's housekeeping forgets the 11-minute-old key and keeps the new one.
    await app.jobs.housekeep();
    expect(await keysOf()).toEqual([recent.batchTimestamp]);
    expect((await p.request('POST', '/api/game/tap-batch', recent)).data.user.totalTaps).toBe(2);
  });

  it('refuses a rate no human reaches with 423 and a challenge, and counts nothing for it', async () => {
    const p = await asPlayer(app);
    // The burst allowance of 20 decodes goes through at once…
    for (let i = 0; i < 4; i++) expect((await p.request('POST', '/api/game/tap-batch', batch(5))).statusCode).toBe(200);
    // …the next decode within the same instant does not.
    const refused = await p.request('POST', '/api/game/tap-batch', batch(3));
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({ message: texts.tapRateExceeded, challenge: { kind: 'slow-down' } });
    expect((await p.request('GET', '/api/auth/user')).json().totalTaps).toBe(20);
  });

  it('never refuses a fast but human typist (20 keys/s = 1.33 decodes/s) over a long stretch', async () => {
    const p = await asPlayer(app);
    // Ten minutes of typing at 20 keys/s, one batch of 3 decodes every 2.25 s.
    for (let i = 0; i < 266; i++) {
      app.clock.advance(2250);
      const res = await p.request('POST', '/api/game/tap-batch', batch(3));
      expect(res.statusCode, `batch ${i}`).toBe(200);
    }
    expect((await p.request('GET', '/api/auth/user')).json().totalTaps).toBe(798);
  });

  it('judges a batch refused with 423 again when it is retried later', async () => {
    const p = await asPlayer(app);
    for (let i = 0; i < 4; i++) await p.request('POST', '/api/game/tap-batch', batch(5));
    const body = batch(3);
    expect((await p.request('POST', '/api/game/tap-batch', body)).statusCode).toBe(423);
    app.clock.advance(5000);
    const retried = await p.request('POST', '/api/game/tap-batch', body);
    expect(retried.statusCode).toBe(200);
    expect(retried.data.user.totalTaps).toBe(23);
  });

  it('counts a retried or replayed batch once', async () => {
    const p = await asPlayer(app);
    const body = batch(3);
    const [a, b] = await Promise.all([
      p.request('POST', '/api/game/tap-batch', body),
      p.request('POST', '/api/game/tap-batch', body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const again = await p.request('POST', '/api/game/tap-batch', body);
    expect(again.data.user.totalTaps).toBe(3);
    expect((await p.request('GET', '/api/auth/user')).json().totalTaps).toBe(3);
  });

  it('stores drops on the account and loses what does not fit in 50 items, saying so', async () => {
    // A generator that always rolls the lowest number drops gear and a core on every decode.
    const lucky = await buildTestApp(driver, { random: () => 0 });
    try {
      const p = await asPlayer(lucky);
      const first = await p.request('POST', '/api/game/tap-batch', batch(3));
      expect(first.data.gearDrops).toHaveLength(3);
      expect(first.data.telnetCoreDrops).toHaveLength(3);
      expect(first.data.gearDrops[0]).toMatchObject({
        rarity: 'common',
        level: expect.any(Number),
        type: expect.any(String),
      });
      expect(first.data.telnetCoreDrops[0].coreTypeName).toBe('T-1');
      let last = first;
      for (let i = 0; i < 8; i++) {
        lucky.clock.advance(10_000);
        last = await p.request('POST', '/api/game/tap-batch', batch(3));
      }
      // 9 batches × 6 drops = 54 rolled; 50 kept.
      expect(last.data.inventoryFull).toBe(true);
      expect(last.data.lostDrops).toBe(4);
      const [gearCount] = await lucky.db.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM gear WHERE user_id = $1',
        [p.id],
      );
      const [coreCount] = await lucky.db.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM telnet_cores WHERE user_id = $1',
        [p.id],
      );
      expect(gearCount!.n + coreCount!.n).toBe(balance.inventoryCapacity);
    } finally {
      await lucky.close();
    }
  });

  it('progress never raises anything: it answers the server truth', async () => {
    const p = await asPlayer(app);
    await p.request('POST', '/api/game/tap-batch', batch(3));
    const res = await p.request('POST', '/api/game/progress', {
      level: 50,
      currentExp: 9999,
      maxExp: 10,
      totalTaps: 99999,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ accepted: false, user: { level: 1, currentExp: 3, totalTaps: 3 } });
    expect((await p.request('GET', '/api/auth/user')).json()).toMatchObject({ level: 1, totalTaps: 3 });
    const honest = await p.request('POST', '/api/game/progress', { level: 1, currentExp: 3, maxExp: 10, totalTaps: 3 });
    expect(honest.data.accepted).toBe(true);
  });

  it.each([
    ['a missing tapCount', { batchTimestamp: 1 }, /Missing field: tapCount/],
    ['a string tapCount', { tapCount: '3', batchTimestamp: 1 }, /Invalid tapCount/],
    ['a fractional tapCount', { tapCount: 1.5, batchTimestamp: 1 }, /Invalid tapCount/],
    ['a negative tapCount', { tapCount: -3, batchTimestamp: 1 }, /Invalid tapCount/],
    ['a zero tapCount', { tapCount: 0, batchTimestamp: 1 }, /Invalid tapCount/],
    ['an oversized tapCount', { tapCount: 51, batchTimestamp: 1 }, /Invalid tapCount/],
    ['2^53+1 as batchTimestamp', { tapCount: 3, batchTimestamp: 2 ** 53 + 1 }, /Invalid batchTimestamp/],
    ['an unknown field', { tapCount: 3, batchTimestamp: 1, exp: 100 }, /Unknown field: exp/],
    ['null', null, /Invalid body|Missing/],
  ])('refuses %s with a 400 and counts nothing', async (_name, body, message) => {
    const p = await asPlayer(app);
    expectError(await p.request('POST', '/api/game/tap-batch', body), 400, message);
    expect((await p.request('GET', '/api/auth/user')).json().totalTaps).toBe(0);
  });

  it('refuses a body that is not secureData, and malformed secureData, with a 400', async () => {
    const p = await asPlayer(app);
    const plain = await app.fastify.inject({
      method: 'POST',
      url: '/api/game/tap-batch',
      headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
      payload: { tapCount: 3, batchTimestamp: 5 },
    });
    expectError(plain, 400, new RegExp(texts.secureDataMalformed));
    for (const secureData of ['not*base64', 'AAAAAAAAAAAA', 'eJzLSM3JyQcABiwCFQ']) {
      const res = await app.fastify.inject({
        method: 'POST',
        url: '/api/game/tap-batch',
        headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
        payload: { secureData },
      });
      expectError(res, 400, new RegExp(texts.secureDataMalformed));
    }
    expect((await p.request('GET', '/api/auth/user')).json().totalTaps).toBe(0);
  });

  it('refuses NaN and Infinity (not JSON) in progress reports', async () => {
    const p = await asPlayer(app);
    for (const bad of [{ level: Number.NaN }, { level: Infinity }]) {
      const res = await p.request('POST', '/api/game/progress', { currentExp: 0, maxExp: 10, totalTaps: 0, ...bad });
      expect(res.statusCode).toBe(400);
    }
  });
});
