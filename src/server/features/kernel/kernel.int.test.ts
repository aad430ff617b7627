import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import { bitIndex, bitPrice } from '../../../core/rules/kernel';
import { decodeSnapshot } from '../../../core/rules/kernel-snapshot';
import { fillText, texts } from '../../../core/texts';
import { asPlayer, expectError, type Player } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { listeningTestApp, type ListeningTestApp } from '../../../../tests/support/listening-app';
import { act, grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';
import { watchKernel } from '../../../../tests/support/socket';

const k = texts.kernel;

describe.each(drivers)('kernel [%s]', (driver) => {
  let app: ListeningTestApp;
  beforeAll(async () => {
    app = await listeningTestApp(driver);
  });
  afterAll(() => app.close());

  const buy = (p: Player, body: unknown, key?: string) => act(p, gridPaths.purchase, body, key);
  const setColor = (p: Player, r: number, g: number, b: number) =>
    p.request('POST', gridPaths.setColor, { colorR: r, colorG: g, colorB: b });
  const telnet = async (p: Player) => (await p.request('GET', '/api/auth/user')).json().telnet as number;
  const kernelSpend = async (p: Player) =>
    (await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'kernel-bit');
  const dbState = async () =>
    JSON.stringify([
      await app.db.database.query('SELECT x, y, owner_id, version FROM kernel_bits ORDER BY x, y'),
      await app.db.database.query('SELECT version FROM kernel_state'),
      await app.db.database.query('SELECT user_id, color_r, color_g, color_b FROM kernel_colors ORDER BY user_id'),
      await app.db.database.query('SELECT id, telnet FROM users ORDER BY id'),
      await app.db.database.query('SELECT count(*)::int AS n FROM telnet_ledger'),
    ]);
  const snapshotOf = (p: Player, etag?: string) =>
    p.request('GET', gridPaths.snapshot, undefined, etag ? { 'if-none-match': etag } : {});

  it('a new player has no colour; setting one answers it back and refuses channels outside 0–255', async () => {
    const p = await asPlayer(app);
    expect((await p.request('GET', gridPaths.playerColor)).json()).toEqual({
      colorR: null,
      colorG: null,
      colorB: null,
    });
    const before = await dbState();
    for (const bad of [
      { colorR: 256, colorG: 0, colorB: 0 },
      { colorR: -1, colorG: 0, colorB: 0 },
      { colorR: 1.5, colorG: 0, colorB: 0 },
      { colorR: '12', colorG: 0, colorB: 0 },
      { colorR: 1, colorG: 2 },
      { colorR: 1, colorG: 2, colorB: 3, extra: 1 },
      { colorR: null, colorG: 2, colorB: 3 },
    ]) {
      expectError(await p.request('POST', gridPaths.setColor, bad), 400);
    }
    expect(await dbState()).toBe(before);
    const set = await setColor(p, 255, 0, 128);
    expect(set.statusCode, set.body).toBe(200);
    expect((await p.request('GET', gridPaths.playerColor)).json()).toEqual({ colorR: 255, colorG: 0, colorB: 128 });
  });

  it('buys a free bit at the server price in one transaction with a ledger row, and answers a retry once', async () => {
    const p = await asPlayer(app);
    await setColor(p, 10, 200, 30);
    const noMoney = await buy(p, { x: 400, y: 400 });
    expectError(noMoney, 409, fillText(k.insufficientBody, { n: 20 }));
    expect(noMoney.json().title).toBe(k.insufficientTitle);
    await grant(app, p, { telnet: 100 });
    const key = randomUUID();
    const bought = await buy(p, { x: 400, y: 400 }, key);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({
      success: true,
      price: 20,
      telnet: 80,
      square: { x: 400, y: 400, ownerId: p.id, ownerUsername: p.username, colorR: 10, colorG: 200, colorB: 30 },
    });
    const replay = await buy(p, { x: 400, y: 400 }, key);
    expect(replay.json()).toEqual(bought.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The first bit also completes purchase_kernel_bit, whose reward is paid before the answer.
    expect(await telnet(p)).toBe(80 + balance.missionRewardTelnet);
    expect((await kernelSpend(p)).map((r) => Number(r.delta))).toEqual([-20]);
    expect((await p.request('GET', `${gridPaths.bit}?x=400&y=400`)).json()).toEqual({
      x: 400,
      y: 400,
      price: 20,
      owner: { id: p.id, username: p.username },
    });
    expect((await p.request('GET', `${gridPaths.bit}?x=0&y=0`)).json()).toEqual({ x: 0, y: 0, price: 1, owner: null });
  });

  it('an owned bit cannot be bought again: Bit Owned with the owner, nobody charged', async () => {
    const [a, b] = [await asPlayer(app), await asPlayer(app)];
    for (const p of [a, b]) {
      await setColor(p, 1, 2, 3);
      await grant(app, p, { telnet: 50 });
    }
    expect((await buy(a, { x: 10, y: 12 })).statusCode).toBe(200);
    for (const p of [a, b]) {
      const again = await buy(p, { x: 10, y: 12 });
      expectError(again, 409, fillText(k.bitOwnedBody, { name: a.username }));
      expect(again.json()).toMatchObject({ success: false, title: k.bitOwnedTitle, ownerUsername: a.username });
    }
    expect(await telnet(b)).toBe(50);
    expect(await kernelSpend(b)).toEqual([]);
    expect(await telnet(a)).toBe(50 - bitPrice(10, 12) + balance.missionRewardTelnet);
  });

  it('refuses without a colour, and bad coordinates or a missing key with a 400 that changes nothing', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 100 });
    expectError(await buy(p, { x: 5, y: 5 }), 409, k.colorNeeded);
    await setColor(p, 9, 9, 9);
    const before = await dbState();
    for (const bad of [
      { x: 800, y: 0 },
      { x: -1, y: 0 },
      { x: 0, y: 800 },
      { x: 1.5, y: 2 },
      { x: '5', y: 5 },
      { x: 5 },
      {},
      { x: 5, y: 5, price: 1 },
      { x: null, y: 5 },
      { x: 2 ** 53 + 1, y: 0 },
    ]) {
      expectError(await buy(p, bad), 400);
    }
    expectError(await p.request('POST', gridPaths.purchase, { x: 5, y: 5 }), 400, texts.idempotencyKeyMissing);
    expectError(await p.request('GET', `${gridPaths.bit}?x=800&y=0`), 400);
    expectError(await p.request('GET', `${gridPaths.changes}?since=-1`), 400);
    expect(await dbState()).toBe(before);
  });

  it('serves the snapshot with its version and ETag, a 304 while nothing changed, and the bought colours in it', async () => {
    const p = await asPlayer(app);
    await setColor(p, 200, 100, 50);
    await grant(app, p, { telnet: 100 });
    await buy(p, { x: 799, y: 0 });
    const first = await snapshotOf(p);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/octet-stream');
    const version = Number(first.headers['x-grid-version']);
    expect(first.headers.etag).toBe(`"grid-${version}"`);
    const grid = decodeSnapshot(new Uint8Array(first.rawPayload));
    expect(grid.version).toBe(version);
    const i = bitIndex(799, 0);
    expect(grid.owned[i]).toBe(1);
    expect([...grid.rgb.subarray(i * 3, i * 3 + 3)]).toEqual([200, 100, 50]);
    expect(grid.owned[bitIndex(798, 0)]).toBe(0);
    expect((await snapshotOf(p, first.headers.etag as string)).statusCode).toBe(304);

    await buy(p, { x: 798, y: 0 });
    const second = await snapshotOf(p, first.headers.etag as string);
    expect(second.statusCode).toBe(200);
    expect(Number(second.headers['x-grid-version'])).toBe(version + 1);
    expect(decodeSnapshot(new Uint8Array(second.rawPayload)).owned[bitIndex(798, 0)]).toBe(1);
  });

  it('catches a client up after a gap with only what changed since its version, in order', async () => {
    const p = await asPlayer(app);
    await setColor(p, 7, 7, 7);
    await grant(app, p, { telnet: 100 });
    const from = (await p.request('GET', `${gridPaths.changes}?since=0`)).json().version as number;
    await buy(p, { x: 300, y: 1 });
    await buy(p, { x: 300, y: 2 });
    await buy(p, { x: 300, y: 3 });
    const caught = (await p.request('GET', `${gridPaths.changes}?since=${from + 1}`)).json();
    expect(caught).toEqual({
      version: from + 3,
      resync: false,
      changes: [
        { x: 300, y: 2, colorR: 7, colorG: 7, colorB: 7, version: from + 2 },
        { x: 300, y: 3, colorR: 7, colorG: 7, colorB: 7, version: from + 3 },
      ],
    });
    expect((await p.request('GET', `${gridPaths.changes}?since=${from + 3}`)).json()).toEqual({
      version: from + 3,
      changes: [],
      resync: false,
    });
    // A client that claims a version the server never reached starts over from the snapshot.
    expect((await p.request('GET', `${gridPaths.changes}?since=${from + 99}`)).json()).toMatchObject({ resync: true });
    const state = (await p.request('GET', `${gridPaths.state}?x0=300&y0=0&x1=300&y1=3`)).json();
    expect(state).toEqual({
      version: from + 3,
      squares: [1, 2, 3].map((y) => ({
        x: 300,
        y,
        ownerId: p.id,
        ownerUsername: p.username,
        colorR: 7,
        colorG: 7,
        colorB: 7,
      })),
    });
  });

  it('answers grid/state for one bounded region only, refusing a missing, empty, reversed or oversized one with a 400', async () => {
    const p = await asPlayer(app);
    await setColor(p, 5, 6, 7);
    await grant(app, p, { telnet: 100 });
    expect((await buy(p, { x: 700, y: 700 })).statusCode).toBe(200);
    const region = (await p.request('GET', `${gridPaths.state}?x0=690&y0=690&x1=753&y1=753`)).json();
    expect(region.squares).toEqual([
      { x: 700, y: 700, ownerId: p.id, ownerUsername: p.username, colorR: 5, colorG: 6, colorB: 7 },
    ]);
    expect((await p.request('GET', `${gridPaths.state}?x0=701&y0=700&x1=701&y1=700`)).json().squares).toEqual([]);
    for (const bad of [
      '',
      '?x0=0&y0=0&x1=10',
      '?x0=&y0=0&x1=10&y1=10',
      '?x0=0&y0=0&x1=10&y1=',
      '?x0= 1&y0=0&x1=10&y1=10',
      '?x0=10&y0=0&x1=9&y1=10',
      '?x0=0&y0=10&x1=10&y1=9',
      '?x0=0&y0=0&x1=800&y1=0',
      '?x0=-1&y0=0&x1=10&y1=10',
      '?x0=1.5&y0=0&x1=10&y1=10',
      '?x0=0&y0=0&x1=64&y1=63',
      '?x0=0&y0=0&x1=799&y1=799',
      '?x0=0&y0=0&x1=1&y1=1&x0=1',
      '?x0=0&y0=0&x1=1&y1=1&page=2',
    ]) {
      expectError(await p.request('GET', `${gridPaths.state}${bad}`), 400);
    }
  });

  it('limits grid/state reads per player per minute', async () => {
    const [p, other] = [await asPlayer(app), await asPlayer(app)];
    const read = (who: Player) => who.request('GET', `${gridPaths.state}?x0=0&y0=0&x1=9&y1=9`);
    for (let i = 0; i < infra.kernelStateReadsPerMinute; i++) expect((await read(p)).statusCode).toBe(200);
    expectError(await read(p), 429);
    expect((await read(other)).statusCode).toBe(200);
    app.clock.advance(60_000);
    expect((await read(p)).statusCode).toBe(200);
  });

  it('refuses an empty, missing or non-integer coordinate for grid/bit (never read as 0), and an empty since', async () => {
    const p = await asPlayer(app);
    for (const bad of [
      '?x=&y=',
      '?x=&y=0',
      '?x=0&y=',
      '?x=0',
      '?y=0',
      '',
      '?x=a&y=0',
      '?x=1.5&y=0',
      '?x=%20&y=0',
      '?x=1e2&y=0',
      '?x=0x1&y=0',
    ]) {
      expectError(await p.request('GET', `${gridPaths.bit}${bad}`), 400);
    }
    expect((await p.request('GET', `${gridPaths.bit}?x=0&y=0`)).statusCode).toBe(200);
    for (const bad of ['?since=', '', '?since=%20', '?since=1.0'])
      expectError(await p.request('GET', `${gridPaths.changes}${bad}`), 400);
  });

  it('pushes grid_update with the colour and version to every tab showing the Kernel, and user.updated to the buyer', async () => {
    const [buyer, watcher] = [await asPlayer(app), await asPlayer(app)];
    await setColor(buyer, 0, 255, 0);
    await grant(app, buyer, { telnet: 100 });
    const watcherSocket = await app.socket(watcher.cookie);
    await watchKernel(watcherSocket);
    const buyerSocket = await app.socket(buyer.cookie);
    const bought = (await buy(buyer, { x: 123, y: 456 })).json();
    const event = await watcherSocket.next('grid_update', (e) => e.d.x === 123 && e.d.y === 456);
    expect(event.d).toEqual({
      x: 123,
      y: 456,
      ownerId: buyer.id,
      ownerUsername: buyer.username,
      colorR: 0,
      colorG: 255,
      colorB: 0,
      version: bought.version,
    });
    const updated = await buyerSocket.next(
      'user.updated',
      (e) => e.d.telnet === 100 - bitPrice(123, 456) + balance.missionRewardTelnet,
    );
    expect(updated.d.id).toBe(buyer.id);
  });
});
