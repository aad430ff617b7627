import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { fillText, itemTexts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ledgerRows } from '../../../../tests/support/players';
import { act, coreOf, keyStamps, snapshot } from '../../../../tests/support/items';
import { createCoreService } from './service';

/** A random source that replays the given draws, then 0.5: opens succeed or fail on demand. */
const draws = (values: number[]) => () => values.shift() ?? 0.5;

describe.each(drivers)('telnet cores [%s]', (driver) => {
  let app: TestApp;
  const queue: number[] = [];
  beforeAll(async () => {
    app = await buildTestApp(driver, { random: () => queue.shift() ?? draws([])() });
  });
  afterAll(() => app.close());

  it('lists the core types from the balance module', async () => {
    const p = await asPlayer(app);
    const res = await p.request('GET', '/api/telnet-core-types');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { name: string }) => t.name)).toEqual(['T-1', 'T-2', 'T-3', 'T-4', 'T-5']);
    expect(res.json()[4].maxTelnet).toBe(balance.telnetCoreTypes[4].maxTelnet);
  });

  it('a successful open pays through the ledger once; the core is then spent', async () => {
    const p = await asPlayer(app);
    const id = await coreOf(app, p, 'T-5');
    expect((await p.request('GET', '/api/telnet-cores')).json()).toMatchObject([
      { id, coreType: { name: 'T-5' }, isUsed: false, listingId: null },
    ]);
    queue.push(0, 0); // success, then the lowest reward
    const reward = balance.telnetCoreTypes[4].minTelnet;
    const res = await act(p, `/api/telnet-cores/${id}/use`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: fillText(itemTexts.coreOpenSucceeded, { n: reward }),
      telnetRewarded: reward,
    });
    expect((await p.request('GET', '/api/auth/user')).json().telnet).toBe(reward);
    expect(await ledgerRows(app.db.database, p.id)).toEqual([
      { delta: reward, reason: 'core-open', reference: `core:${id}` },
    ]);
    expectError(await act(p, `/api/telnet-cores/${id}/use`), 409, itemTexts.coreAlreadyOpened);
    expect((await p.request('GET', '/api/telnet-cores')).json()).toEqual([]);
  });

  it('a committed open answers its outcome even when reading the player for the other tabs fails after the commit', async () => {
    const p = await asPlayer(app);
    const id = await coreOf(app, p, 'T-5');
    // The service's own player-view dependency fails, as a dropped connection after the commit would.
    const cores = createCoreService({
      database: app.db.database,
      bus: app.realtime.bus,
      now: () => app.clock.now,
      random: draws([0, 0]),
      listingsOf: async () => [],
      userView: () => Promise.reject(new Error('connection lost after the commit')),
    });
    const reward = balance.telnetCoreTypes[4].minTelnet;
    const outcome = await cores.use(p.id, randomUUID(), id);
    expect(outcome).toMatchObject({
      statusCode: 200,
      replayed: false,
      body: { success: true, telnetRewarded: reward },
    });
    expect(await ledgerRows(app.db.database, p.id)).toEqual([
      { delta: reward, reason: 'core-open', reference: `core:${id}` },
    ]);
  });

  it('a failed open destroys the core and pays nothing', async () => {
    const p = await asPlayer(app);
    const id = await coreOf(app, p, 'T-1');
    queue.push(0.9999);
    const res = await act(p, `/api/telnet-cores/${id}/use`);
    expect(res.json()).toEqual({ success: false, message: itemTexts.coreOpenFailed, telnetRewarded: 0 });
    expect(await ledgerRows(app.db.database, p.id)).toEqual([]);
    expect(await app.db.database.query('SELECT id FROM telnet_cores WHERE id = $1', [id])).toEqual([]);
  });

  it("stamps the keys of an open and a destroy with the game's clock, which their retention counts from", async () => {
    const p = await asPlayer(app);
    queue.push(0.9999);
    expect((await act(p, `/api/telnet-cores/${await coreOf(app, p)}/use`)).statusCode).toBe(200);
    expect((await act(p, '/api/telnet-cores/destroy', { telnetCoreId: await coreOf(app, p) })).statusCode).toBe(200);
    expect(await keyStamps(app, p.id)).toEqual([app.clock.now, app.clock.now]);
  });

  it("destroys a core, and refuses other players' cores and bad ids without changing anything", async () => {
    const p = await asPlayer(app);
    const other = await asPlayer(app);
    const theirs = await coreOf(app, other);
    const mine = await coreOf(app, p);
    const before = await snapshot(app);
    expectError(await act(p, `/api/telnet-cores/${theirs}/use`), 404, itemTexts.coreNotFound);
    expectError(await act(p, '/api/telnet-cores/destroy', { telnetCoreId: theirs }), 404, itemTexts.coreNotFound);
    for (const bad of ['abc', '1.5', '-1', '2147483648'])
      expect((await act(p, `/api/telnet-cores/${bad}/use`)).statusCode).toBe(400);
    expect((await act(p, `/api/telnet-cores/${mine}/use`, { extra: 1 })).statusCode).toBe(400);
    expect((await act(p, '/api/telnet-cores/destroy', { telnetCoreId: '1' })).statusCode).toBe(400);
    expect((await p.request('POST', `/api/telnet-cores/${mine}/use`)).statusCode).toBe(400); // no Idempotency-Key
    expect(await snapshot(app)).toBe(before);
    expect((await act(p, '/api/telnet-cores/destroy', { telnetCoreId: mine })).json()).toMatchObject({ success: true });
    expect((await p.request('GET', '/api/telnet-cores')).json()).toEqual([]);
  });
});
