import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../core/api/account';
import { gridPaths } from '../../../core/api/kernel';
import { marketPaths } from '../../../core/api/market';
import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, gearOf, grant, snapshot } from '../../../../tests/support/items';

const dayMs = 24 * 3600_000;

/** sum(ledger) per player against the balance, for every player, and the two totals. */
async function conservation(app: TestApp) {
  const rows = await app.db.database.query<{ id: number; telnet: string; ledger: string }>(
    'SELECT u.id, u.telnet::text AS telnet, coalesce((SELECT sum(delta) FROM ' +
      'telnet_ledger l WHERE l.user_id = u.id), 0)::text AS ledger FROM users u ORDER BY u.id',
  );
  const off = rows.filter((r) => r.telnet !== r.ledger);
  const total = rows.reduce((n, r) => n + Number(r.telnet), 0);
  const ledger = rows.reduce((n, r) => n + Number(r.ledger), 0);
  return { off, total, ledger };
}

describe.each(drivers)('account self-service [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, { config: { loginAttemptsPerIp: 1000, loginAttemptsPerLoginId: 3 } });
  });
  afterAll(() => app.close());

  const login = (p: Player, password = p.password) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: p.ip,
      payload: { loginId: p.loginId, password },
    });
  const q = <T>(sql: string, params: unknown[] = []) => app.db.database.query<T>(sql, params);
  const say = (p: Player, message: string) => p.request('POST', '/api/chat/messages', { message });
  const ping = (from: Player, to: Player, message: string) =>
    from.request('POST', '/api/directories/messages', { receiverId: to.id, message });

  /** A player with something in every section: Telnet, items, a listing, a bit, chat and Ping both ways. */
  async function busyPlayer(partner: Player, bit: { x: number; y: number }) {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 500 });
    const listed = await gearOf(app, p);
    await gearOf(app, p, 'ram');
    expect((await act(p, marketPaths.create, { itemType: 'gear', itemId: listed, price: 40 })).statusCode).toBe(200);
    expect((await p.request('POST', gridPaths.setColor, { colorR: 10, colorG: 200, colorB: 30 })).statusCode).toBe(200);
    expect((await act(p, gridPaths.purchase, bit)).statusCode).toBe(200);
    expect((await say(p, `hello from ${p.username}`)).statusCode).toBe(201);
    expect((await ping(p, partner, 'psst, private')).statusCode).toBe(201);
    expect((await ping(partner, p, 'private answer')).statusCode).toBe(201);
    return p;
  }

  it('downloads the player’s own data as a JSON attachment, and nobody else’s', async () => {
    const partner = await asPlayer(app);
    const stranger = await asPlayer(app);
    const p = await busyPlayer(partner, { x: 7, y: 9 });
    expect((await ping(stranger, partner, 'not yours to read')).statusCode).toBe(201);
    expect((await say(stranger, 'a stranger speaks')).statusCode).toBe(201);
    const strangerLine = (await stranger.request('GET', '/api/chat/messages'))
      .json()
      .messages.find((m: { message: string }) => m.message === 'a stranger speaks').id;
    expect(
      (
        await p.request('POST', '/api/reports', {
          target: { kind: 'chat', messageId: strangerLine },
          reason: 'spam',
          note: 'off topic',
        })
      ).statusCode,
    ).toBe(200);
    const res = await p.request('GET', accountPaths.export);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bitbreach-${p.username}-2026-11-22.json"`);
    const data = JSON.parse(res.body);
    expect(data.profile).toMatchObject({
      id: p.id,
      username: p.username,
      loginId: p.loginId,
      level: 1,
      telnet: expect.any(Number),
    });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.profile).not.toHaveProperty('registrationIp');
    const ledgerSum = data.ledger.reduce((n: number, r: { delta: number }) => n + r.delta, 0);
    expect(ledgerSum).toBe(data.profile.telnet);
    expect(data.items.gear).toHaveLength(1); // the other one is in the listing's escrow
    expect(data.marketListings).toEqual([expect.objectContaining({ role: 'seller', price: 40, status: 'active' })]);
    expect(data.kernelBits).toEqual([expect.objectContaining({ x: 7, y: 9, colorR: 10, colorG: 200, colorB: 30 })]);
    expect(data.chatLines.map((l: { message: string }) => l.message)).toEqual([`hello from ${p.username}`]);
    expect(data.privateMessagesSent).toEqual([
      expect.objectContaining({ from: p.username, to: partner.username, message: 'psst, private' }),
    ]);
    expect(data.privateMessagesReceived).toEqual([
      expect.objectContaining({ from: partner.username, to: p.username, message: 'private answer' }),
    ]);
    expect(res.body).not.toContain('not yours to read');
    // The reports the player made, with what they reported as it was, but not what a moderator did about it.
    expect(data.reportsMade).toEqual([
      expect.objectContaining({
        targetKind: 'chat',
        reason: 'spam',
        note: 'off topic',
        snapshot: expect.objectContaining({ text: 'a stranger speaks' }),
      }),
    ]);
    expect(data.reportsMade[0]).not.toHaveProperty('status');
    expect(data.reportsMade[0]).not.toHaveProperty('action');
    expect(Array.isArray(data.missions)).toBe(true);
  });

  it('reads a long ledger a page at a time and misses no row', async () => {
    const p = await asPlayer(app);
    const rows = 2 * infra.accountExportPageRows + 7;
    await q(
      `INSERT INTO telnet_ledger (user_id, delta, reason, reference) SELECT $1, 1, 'operator-grant', 'bulk:' || g FROM generate_series(1, ${rows}) g`,
      [p.id],
    );
    await q('UPDATE users SET telnet = telnet + $2 WHERE id = $1', [p.id, rows]);
    const data = JSON.parse((await p.request('GET', accountPaths.export)).body);
    expect(data.ledger).toHaveLength(rows);
    expect(new Set(data.ledger.map((r: { id: number }) => r.id)).size).toBe(rows);
  });

  it('allows a few exports an hour, counted per player, and refuses queries and the signed-out', async () => {
    const p = await asPlayer(app);
    for (let i = 0; i < infra.accountExportsPerWindow; i++)
      expect((await p.request('GET', accountPaths.export)).statusCode).toBe(200);
    expectError(await p.request('GET', accountPaths.export), 429, texts.settings.exportTooOften);
    expect((await (await asPlayer(app)).request('GET', accountPaths.export)).statusCode).toBe(200);
    app.clock.advance(infra.accountExportWindowMs + 1);
    expect((await p.request('GET', accountPaths.export)).statusCode).toBe(200);
    expectError(await (await asPlayer(app)).request('GET', `${accountPaths.export}?userId=1`), 400);
    expectError(await app.fastify.inject({ method: 'GET', url: accountPaths.export }), 401);
  });

  it(
    'deletes the account: signed out, never signs in again, listings withdrawn, ' +
      'items and messages gone, bits unowned on the canvas, Telnet conserved',
    async () => {
      const partner = await asPlayer(app);
      const p = await busyPlayer(partner, { x: 8, y: 9 });
      const other = await asPlayer(app);
      expect((await say(other, 'still here')).statusCode).toBe(201);
      const before = (await q<{ telnet: string }>('SELECT telnet::text AS telnet FROM users WHERE id = $1', [p.id]))[0]!
        .telnet;
      const res = await p.request('POST', accountPaths.delete, { password: p.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: true });
      expect(res.cookies.find((c) => c.name === 'bb_session')?.value ?? '').toBe('');

      expectError(await p.request('GET', '/api/auth/user'), 401);
      expectError(await login(p), 401, texts.invalidLogin);
      expect(await q('SELECT id FROM sessions WHERE user_id = $1', [p.id])).toEqual([]);
      const [row] = await q<{
        username: string;
        login_id: string;
        registration_ip: string;
        telnet: string;
        deleted_at: Date | null;
      }>('SELECT username, login_id, registration_ip, telnet::text, deleted_at FROM users WHERE id = $1', [p.id]);
      expect(row).toMatchObject({
        username: `deleted-${p.id}`,
        login_id: `deleted.${p.id}`,
        registration_ip: '',
        telnet: '0',
      });
      expect(row!.deleted_at).not.toBeNull();
      // The balance was burned with one ledger row; the player's older rows are kept.
      const burned = await q<{ delta: string }>(
        "SELECT delta::text FROM telnet_ledger WHERE user_id = $1 AND reason = 'account-deleted'",
        [p.id],
      );
      expect(burned.map((r) => Number(r.delta))).toEqual([-Number(before)]);
      expect(await q("SELECT id FROM market_listings WHERE seller_id = $1 AND status = 'active'", [p.id])).toEqual([]);
      expect(
        await q('SELECT id FROM gear WHERE user_id = $1 UNION ALL SELECT id FROM telnet_cores WHERE user_id = $1', [
          p.id,
        ]),
      ).toEqual([]);
      expect(await q('SELECT id FROM escrows WHERE depositor_id = $1 AND released_at IS NULL', [p.id])).toEqual([]);
      expect(await q('SELECT id FROM private_messages WHERE sender_id = $1 OR receiver_id = $1', [p.id])).toEqual([]);
      expect(await q('SELECT id FROM chat_messages WHERE user_id = $1', [p.id])).toEqual([]);
      expect((await q('SELECT id FROM chat_messages WHERE user_id = $1', [other.id])).length).toBe(1);
      // The bit stays where the canvas shows it, its owner a row that names nobody.
      const bit = (await partner.request('GET', `${gridPaths.bit}?x=8&y=9`)).json();
      expect(bit.owner).toMatchObject({ username: `deleted-${p.id}` });
      // Gone from the leaderboard, Ping's directory and the terminal's targets.
      const board = (await partner.request('GET', '/api/leaderboard?sortBy=level')).json() as Array<{ id: number }>;
      expect(board.map((r) => r.id)).not.toContain(p.id);
      expectError(await ping(partner, { ...p } as Player, 'are you there?'), 404);
      const sums = await conservation(app);
      expect(sums.off).toEqual([]);
      expect(sums.total).toBe(sums.ledger);
    },
  );

  it('refuses a wrong password (401, counted as a failed login) and changes nothing', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 50 });
    const before = await snapshot(app);
    for (let i = 0; i < 3; i++)
      expectError(
        await p.request('POST', accountPaths.delete, { password: 'Wr0ngPass!' }),
        401,
        texts.settings.deletePasswordWrong,
      );
    expectError(
      await p.request('POST', accountPaths.delete, { password: p.password }),
      429,
      texts.tooManyLoginAttempts,
    );
    expect(await snapshot(app)).toBe(before);
    expect((await p.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['an empty password', { password: '' }],
    ['a number for a password', { password: 12345678 }],
    ['an over-long password', { password: 'p'.repeat(15) }],
    ['an extra key', { password: 'Passw0rd!', userId: 1 }],
    ['a NUL in the password', { password: 'Pass\u0000w0rd' }],
  ])('answers 400 to %s and deletes nothing', async (_name, body) => {
    const p = await asPlayer(app);
    expectError(await p.request('POST', accountPaths.delete, body), 400);
    expect((await login(p)).statusCode).toBe(200);
  });

  it('needs the CSRF token and a signed-in player', async () => {
    const p = await asPlayer(app);
    expectError(
      await p.request('POST', accountPaths.delete, { password: p.password }, { 'x-csrf-token': '' }),
      403,
      texts.csrfInvalid,
    );
    expectError(
      await app.fastify.inject({ method: 'POST', url: accountPaths.delete, payload: { password: p.password } }),
      401,
    );
    expect((await login(p)).statusCode).toBe(200);
  });

  it('holds the username for the reservation period, look-alikes too, then frees it', async () => {
    const p = await asPlayer(app);
    expect((await p.request('POST', accountPaths.delete, { password: p.password })).statusCode).toBe(200);
    const register = (username: string) =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.99.0.1',
        payload: { loginId: `n${Date.now() % 1e8}${Math.floor(Math.random() * 1e4)}`, username, password: 'Passw0rd!' },
      });
    expectError(await register(p.username), 409, texts.loginIdOrUsernameTaken);
    expectError(await register(p.username.toUpperCase()), 409, texts.loginIdOrUsernameTaken);
    app.clock.advance(balance.deletedUsernameReservedDays * dayMs - 60_000);
    expectError(await register(p.username), 409, texts.loginIdOrUsernameTaken);
    app.clock.advance(120_000);
    expect((await register(p.username)).statusCode).toBe(201);
    // Nobody can take the name a deleted account's row wears.
    expectError(await register(`deleted-${p.id + 1000}`), 400, texts.usernameReserved);
  });
});
