import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleActionPaths, LedgerPage, PlayerView, SearchResult } from '../../../core/api/admin-actions';
import { marketPaths } from '../../../core/api/market';
import { consoleTexts } from '../../../core/texts/console';
import { asPlayer, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { asOperator, auditRowsOf, consoleApp, userPath as at } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';
import { act, coreOf, gearOf, grant } from '../../../../tests/support/items';
import { addressHash } from './player-view';

describe.each(drivers)("the console's player view [%s]", (driver) => {
  let app: TestApp;
  let moderator: Player;
  beforeAll(async () => ({ app, moderator } = await consoleApp(driver)));
  afterAll(() => app.close());

  it('finds players by the start of their username or login ID, any case, or by id, with nothing a search should not show', async () => {
    const p = await asPlayer(app);
    const byName = SearchResult.parse(
      (await moderator.request('GET', `${consoleActionPaths.search}?q=${p.username.slice(0, 6).toUpperCase()}`)).json(),
    );
    expect(byName.players).toContainEqual({
      userId: p.id,
      username: p.username,
      level: 1,
      role: 'player',
      banned: false,
      mutedUntil: null,
    });
    const byId = SearchResult.parse((await moderator.request('GET', `${consoleActionPaths.search}?q=${p.id}`)).json());
    expect(byId.players.map((r) => r.userId)).toContain(p.id);
    const none = SearchResult.parse(
      (await moderator.request('GET', `${consoleActionPaths.search}?q=${encodeURIComponent('%_')}`)).json(),
    );
    expect(none.players).toEqual([]);
  });

  it("shows a player's level, balance, items, listings, chat and Pings sent, sessions, flags and who shares their address (hashed)", async () => {
    const ip = '10.77.0.9';
    const p = await asPlayer(app, { ip });
    const twin = await asPlayer(app, { ip });
    const third = await asPlayer(app, { ip });
    const friend = await asPlayer(app);
    await grant(app, p, { telnet: 120 });
    await gearOf(app, p);
    const core = await coreOf(app, p);
    expect((await act(p, marketPaths.create, { itemType: 'telnet-core', itemId: core, price: 40 })).statusCode).toBe(
      200,
    );
    expect((await p.request('POST', '/api/chat/messages', { message: 'hello channel' })).statusCode).toBe(201);
    expect(
      (await p.request('POST', '/api/directories/messages', { receiverId: friend.id, message: 'psst' })).statusCode,
    ).toBe(201);
    expect(
      (await friend.request('POST', '/api/directories/messages', { receiverId: p.id, message: 'a private reply' }))
        .statusCode,
    ).toBe(201);
    await app.db.database.query(
      "INSERT INTO moderation_flags (user_id, reason, reference, detail, created_at) VALUES ($1, 'machine-like-decoding', 'day:1', 'cv 0.01', now())",
      [p.id],
    );

    const res = await moderator.request('GET', at(consoleActionPaths.player, p.id));
    expect(res.statusCode, res.body).toBe(200);
    const view = PlayerView.parse(res.json());
    expect(view.player).toMatchObject({
      userId: p.id,
      username: p.username,
      telnet: 120,
      level: 1,
      role: 'player',
      banned: false,
      mutedUntil: null,
    });
    expect(view.items).toMatchObject({ gear: 1, cores: 0 });
    expect(view.listings).toEqual([expect.objectContaining({ label: 'T-1 Telnet Core', price: 40 })]);
    expect(view.kernelBits).toBe(0);
    expect(view.chat.map((l) => l.message)).toEqual(['hello channel']);
    expect(view.pings).toEqual([expect.objectContaining({ toUsername: friend.username, message: 'psst' })]);
    expect(JSON.stringify(view)).not.toContain('a private reply');
    expect(view.sessions.open).toBe(1);
    expect(view.flags.map((f) => f.reason)).toEqual([consoleTexts.players.manyAccounts, 'machine-like-decoding']);
    expect(view.address.hash).toBe(addressHash('test-secret-test-secret-test-secret-0123', ip));
    expect(view.address.hash).toMatch(/^[0-9a-f]{10}$/);
    expect(view.address.sharedWith.map((a) => a.username)).toEqual([twin.username, third.username]);
    expect(view.address.total).toBe(3);
    expect(res.body).not.toContain(ip);
    expect(res.body).not.toMatch(/csrf|token|password/i);
  });

  it('pages the ledger newest first, filtered by reason and by whole UTC days', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 5 });
    await grant(app, p, { telnet: 7 });
    const all = LedgerPage.parse((await moderator.request('GET', at(consoleActionPaths.ledger, p.id))).json());
    expect(all.entries.map((e) => [e.delta, e.reason])).toEqual([
      [7, 'operator-grant'],
      [5, 'operator-grant'],
    ]);
    const older = LedgerPage.parse(
      (await moderator.request('GET', `${at(consoleActionPaths.ledger, p.id)}?before=${all.entries[0]!.id}`)).json(),
    );
    expect(older.entries.map((e) => e.delta)).toEqual([5]);
    const today = new Date().toISOString().slice(0, 10);
    const inDays = LedgerPage.parse(
      (
        await moderator.request(
          'GET',
          `${at(consoleActionPaths.ledger, p.id)}?reason=operator-grant&from=${today}&to=${today}`,
        )
      ).json(),
    );
    expect(inDays.entries).toHaveLength(2);
    const otherReason = LedgerPage.parse(
      (await moderator.request('GET', `${at(consoleActionPaths.ledger, p.id)}?reason=decode`)).json(),
    );
    expect(otherReason.entries).toEqual([]);
    const longAgo = LedgerPage.parse(
      (await moderator.request('GET', `${at(consoleActionPaths.ledger, p.id)}?from=2001-01-01&to=2001-01-31`)).json(),
    );
    expect(longAgo.entries).toEqual([]);
  });

  it('answers 404 with its text for a player who does not exist', async () => {
    for (const path of [consoleActionPaths.player, consoleActionPaths.ledger]) {
      expectError(await moderator.request('GET', at(path, 2_000_000_000)), 404, consoleTexts.noSuchPlayer);
    }
    for (const path of [consoleActionPaths.ban, consoleActionPaths.unmute]) {
      expectError(
        await moderator.request('POST', at(path, 2_000_000_000), { reason: 'no such one' }),
        404,
        consoleTexts.noSuchPlayer,
      );
    }
  });

  it('refuses bad input in the path, the body and the query with a 400 and changes nothing', async () => {
    const p = await asPlayer(app);
    const bad: [string, string, unknown][] = [
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 4, reason: 'too short a mute' }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 30 * 24 * 60 + 1, reason: 'too long a mute' }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 10.5, reason: 'fractional' }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: '10', reason: 'a string' }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 10 }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 10, reason: 'ok reason', extra: true }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 10, reason: 'x' }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 10, reason: 'a'.repeat(501) }],
      ['POST', at(consoleActionPaths.mute, p.id), { minutes: 10, reason: 'nul\u0000byte' }],
      ['POST', at(consoleActionPaths.ban, p.id), { reason: 12345 }],
      ['POST', at(consoleActionPaths.ban, p.id), { reason: 'ok reason', minutes: 5 }],
      ['POST', at(consoleActionPaths.ban, '-1'), { reason: 'fine reason' }],
      ['POST', at(consoleActionPaths.ban, '1e3'), { reason: 'fine reason' }],
      ['POST', at(consoleActionPaths.unban, '99999999999'), { reason: 'fine reason' }],
      ['GET', at(consoleActionPaths.player, 'abc'), undefined],
      ['GET', `${consoleActionPaths.search}`, undefined],
      ['GET', `${consoleActionPaths.search}?q=`, undefined],
      ['GET', `${consoleActionPaths.search}?q=${'a'.repeat(33)}`, undefined],
      ['GET', `${consoleActionPaths.search}?q=ab&page=2`, undefined],
      ['GET', `${at(consoleActionPaths.ledger, p.id)}?reason=bribe`, undefined],
      ['GET', `${at(consoleActionPaths.ledger, p.id)}?from=yesterday`, undefined],
      ['GET', `${at(consoleActionPaths.ledger, p.id)}?before=-1`, undefined],
      ['GET', `${at(consoleActionPaths.ledger, p.id)}?before=9007199254740993`, undefined],
      ['GET', `${at(consoleActionPaths.ledger, p.id)}?limit=500`, undefined],
    ];
    for (const [method, url, body] of bad) {
      expect(
        (await moderator.request(method as 'GET', url, body)).statusCode,
        `${method} ${url} ${JSON.stringify(body)}`,
      ).toBe(400);
    }
    const [row] = await app.db.database.query<{ muted_until: Date | null; banned: boolean }>(
      'SELECT muted_until, banned FROM users WHERE id = $1',
      [p.id],
    );
    expect(row).toEqual({ muted_until: null, banned: false });
    expect(await auditRowsOf(app, p.id)).toEqual([]);
  });

  it('lets a moderator act on players only: an admin, another moderator or themselves get 403 and nothing changes', async () => {
    const admin = await asOperator(app, 'admin');
    const otherModerator = await asOperator(app, 'moderator');
    const actions: [string, object][] = [
      [consoleActionPaths.mute, { minutes: 60, reason: 'trying it on' }],
      [consoleActionPaths.unmute, { reason: 'trying it on' }],
      [consoleActionPaths.ban, { reason: 'trying it on' }],
      [consoleActionPaths.unban, { reason: 'trying it on' }],
    ];
    for (const target of [admin, otherModerator, moderator]) {
      for (const [path, body] of actions)
        expectError(await moderator.request('POST', at(path, target.id), body), 403, consoleTexts.cannotActOn);
      const [row] = await app.db.database.query<{ muted_until: Date | null; banned: boolean }>(
        'SELECT muted_until, banned FROM users WHERE id = $1',
        [target.id],
      );
      expect(row).toEqual({ muted_until: null, banned: false });
      expect((await auditRowsOf(app, target.id)).map((r) => r.action)).toEqual(['role-set']);
    }
    // An admin acts on a moderator.
    expect(
      (await admin.request('POST', at(consoleActionPaths.mute, otherModerator.id), { minutes: 5, reason: 'cool off' }))
        .statusCode,
    ).toBe(200);
  });
});
