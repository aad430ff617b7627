import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../core/api/chat';
import type { IgnoreList } from '../../../core/api/safety';
import { safetyPaths } from '../../../core/api/safety';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import type { EventBody } from '../../../core/api/events';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ready, terminalSteps } from '../../../../tests/support/terminal';

const s = texts.safety;

describe.each(drivers)('ignore (ADR 056) [%s]', (driver) => {
  let app: TestApp;
  const events: { userIds: number[]; event: EventBody }[] = [];
  const eventsTo = async (p: Player, t: EventBody['t']) => {
    await new Promise((resolve) => setImmediate(resolve)); // the local bus delivers on a later tick
    return events.filter((e) => e.event.t === t && e.userIds.includes(p.id)).map((e) => e.event);
  };

  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now(); // registration times come from the database clock (the Terminal's shields)
    app.realtime.bus.subscribe(({ audience, event }) => {
      if (audience.kind === 'users') events.push({ userIds: audience.userIds, event });
    });
  });
  afterAll(() => app.close());

  const fresh = () => app.clock.advance(balance.messageRepeatWindowMs + 1);
  const ignore = (p: Player, username: unknown) => p.request('POST', safetyPaths.ignores, { username });
  const unignore = (p: Player, userId: unknown) => p.request('POST', safetyPaths.unignore, { userId });
  const listOf = async (p: Player) => ((await p.request('GET', safetyPaths.ignores)).json() as IgnoreList).ignored;
  const rowCount = async () =>
    (await app.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM ignores'))[0]!.n;

  it('ignores by name (any case), answers the entry, repeats idempotently, lists newest first, and tells the player’s tabs', async () => {
    const a = await asPlayer(app);
    const b = await asPlayer(app);
    const c = await asPlayer(app);
    const first = await ignore(a, b.username.toUpperCase());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ userId: b.id, username: b.username });
    app.clock.advance(1000);
    const again = await ignore(a, b.username);
    expect(again.statusCode).toBe(200);
    expect(again.json().createdAt).toBe(first.json().createdAt);
    expect((await ignore(a, c.username)).statusCode).toBe(201);
    expect((await listOf(a)).map((e) => e.username)).toEqual([c.username, b.username]);
    expect(await listOf(b)).toEqual([]);
    expect(await eventsTo(a, 'ignores.changed')).toHaveLength(2);
    // Unignore is idempotent too, and only the player's own list changes.
    expect((await unignore(a, c.id)).json()).toEqual({ removed: true });
    expect((await unignore(a, c.id)).json()).toEqual({ removed: false });
    expect((await listOf(a)).map((e) => e.userId)).toEqual([b.id]);
  });

  it('refuses oneself, an unknown name, bad bodies and a missing CSRF token with a 4xx and no change', async () => {
    const a = await asPlayer(app);
    const before = await rowCount();
    expectError(await ignore(a, a.username), 400, s.ignoreSelf);
    expectError(await ignore(a, 'nobody-like-this'), 404, s.ignoreUserNotFound);
    for (const bad of [42, null, '', 'x'.repeat(21), 'a\u0000b', 'a\u202Eb', ['x']])
      expect((await ignore(a, bad)).statusCode).toBe(400);
    expect((await a.request('POST', safetyPaths.ignores, { username: 'x', extra: 1 })).statusCode).toBe(400);
    for (const bad of [0, -1, 1.5, '7', 2 ** 31, null]) expect((await unignore(a, bad)).statusCode).toBe(400);
    expect((await a.request('POST', safetyPaths.unignore, { userId: 1, more: true })).statusCode).toBe(400);
    expect(
      (await a.request('POST', safetyPaths.ignores, { username: 'x' }, { 'x-csrf-token': 'wrong' })).statusCode,
    ).toBe(403);
    // Another player's id in an unignore only ever touches the caller's own list.
    const b = await asPlayer(app);
    const c = await asPlayer(app);
    expect((await ignore(b, c.username)).statusCode).toBe(201);
    expect((await unignore(a, c.id)).json()).toEqual({ removed: false });
    expect((await listOf(b)).map((e) => e.userId)).toEqual([c.id]);
    expect(await rowCount()).toBe(before + 1);
  });

  it('caps the list at ignoreListMax with a 409', async () => {
    const a = await asPlayer(app);
    const [last, over] = [await asPlayer(app), await asPlayer(app)];
    // Players made in SQL (registering 500 through the API would be the slow part), all ignored but one short of the cap.
    const tag = `cap${a.id}x`;
    await app.db.database.query(
      `INSERT INTO users (login_id, username, password_hash, attack, critical_rate, ` +
        `bonus_critical_hit, connection_rate, item_drop_rate, tap_tokens, tap_tokens_at, registration_ip)
       SELECT $1 || g, $1 || g, 'x', 1, 0, 0, 10, 0.1, 0, 0, '10.9.9.9' FROM generate_series(1, $2::int) g`,
      [tag, balance.ignoreListMax - 1],
    );
    await app.db.database.query(
      `INSERT INTO ignores (user_id, ignored_user_id, created_at) SELECT $1::int, id, now() FROM users WHERE login_id LIKE $2`,
      [a.id, `${tag}%`],
    );
    expect((await ignore(a, last.username)).statusCode).toBe(201);
    expectError(await ignore(a, over.username), 409, /ignore list is full/);
    expect((await listOf(a)).length).toBe(balance.ignoreListMax);
    // A repeat at the cap is still the same answer, not a refusal.
    expect((await ignore(a, last.username)).statusCode).toBe(200);
  });

  it('twenty ignores at once a few short of the cap: exactly the room left is taken, the rest are 409', async () => {
    const a = await asPlayer(app);
    const room = 5;
    const tag = `race${a.id}x`;
    await app.db.database.query(
      `INSERT INTO users (login_id, username, password_hash, attack, critical_rate, ` +
        `bonus_critical_hit, connection_rate, item_drop_rate, tap_tokens, tap_tokens_at, registration_ip)
       SELECT $1 || g, $1 || g, 'x', 1, 0, 0, 10, 0.1, 0, 0, '10.9.9.8' FROM generate_series(1, $2::int) g`,
      [tag, balance.ignoreListMax + 20 - room],
    );
    await app.db.database.query(
      `INSERT INTO ignores (user_id, ignored_user_id, created_at)
       SELECT $1::int, id, now() FROM users WHERE login_id LIKE $2 ORDER BY id LIMIT $3`,
      [a.id, `${tag}%`, balance.ignoreListMax - room],
    );
    const free = await app.db.database.query<{ username: string }>(
      `SELECT username FROM users WHERE login_id LIKE $1 AND id NOT IN (SELECT ignored_user_id FROM ignores WHERE user_id = $2) ORDER BY id`,
      [`${tag}%`, a.id],
    );
    expect(free).toHaveLength(20);
    const answers = await Promise.all(free.map((p) => ignore(a, p.username)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(room);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(20 - room);
    expect(
      (
        await app.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM ignores WHERE user_id = $1', [a.id])
      )[0]!.n,
    ).toBe(balance.ignoreListMax);
  });

  it('hides an ignored player’s chat lines from the ignorer’s history and unread, not from anyone else', async () => {
    const a = await asPlayer(app);
    const b = await asPlayer(app);
    const c = await asPlayer(app);
    fresh();
    expect((await b.request('POST', '/api/chat/messages', { message: 'line before the ignore' })).statusCode).toBe(201);
    await a.request('POST', '/api/chat/read');
    expect((await ignore(a, b.username)).statusCode).toBe(201);
    fresh();
    expect((await b.request('POST', '/api/chat/messages', { message: 'line after the ignore' })).statusCode).toBe(201);
    const seenBy = async (p: Player) =>
      ((await p.request('GET', '/api/chat/messages?limit=100')).json().messages as ChatMessage[]).map((m) => m.message);
    expect(await seenBy(a)).not.toContain('line before the ignore');
    expect(await seenBy(a)).not.toContain('line after the ignore');
    expect(await seenBy(c)).toEqual(expect.arrayContaining(['line before the ignore', 'line after the ignore']));
    expect((await a.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: false });
    // The live push goes to every socket (one frame per line); each tab drops it against its copy of the list.
    expect((await unignore(a, b.id)).statusCode).toBe(200);
    expect(await seenBy(a)).toContain('line after the ignore');
  });

  it('withholds Pings to an ignorer: the sender gets the usual 201 and sees the line, the receiver never does', async () => {
    const a = await asPlayer(app);
    const b = await asPlayer(app);
    fresh();
    expect(
      (await b.request('POST', '/api/directories/messages', { receiverId: a.id, message: 'before' })).statusCode,
    ).toBe(201);
    expect((await ignore(a, b.username)).statusCode).toBe(201);
    const sent = await b.request('POST', '/api/directories/messages', { receiverId: a.id, message: 'while ignored' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ senderId: b.id, receiverId: a.id, message: 'while ignored' });
    const transcript = async (viewer: Player, partner: Player) =>
      (
        (await viewer.request('GET', `/api/directories/messages?partnerId=${partner.id}`)).json().messages as {
          message: string;
        }[]
      ).map((m) => m.message);
    expect(await transcript(b, a)).toEqual(['before', 'while ignored']);
    expect(await transcript(a, b)).toEqual([]);
    expect((await a.request('GET', '/api/directories/unread')).json()).toEqual([]);
    expect((await a.request('GET', '/api/directories/conversations')).json()).not.toContain(b.username);
    const pushes = (await eventsTo(a, 'ping.messageSent')) as Extract<EventBody, { t: 'ping.messageSent' }>[];
    expect(pushes.map((e) => e.d.message)).not.toContain('while ignored');
    // After an unignore the old conversation returns, but what was withheld stays undelivered.
    expect((await unignore(a, b.id)).statusCode).toBe(200);
    expect(await transcript(a, b)).toEqual(['before']);
    expect((await a.request('GET', '/api/directories/unread')).json()).toEqual([b.username]);
    fresh();
    expect(
      (await b.request('POST', '/api/directories/messages', { receiverId: a.id, message: 'after' })).statusCode,
    ).toBe(201);
    expect(await transcript(a, b)).toEqual(['before', 'after']);
  });

  it('groups intrusion alerts from ignored players: one unnamed alert per window for all of them together', async () => {
    const victim = await ready(app, await asPlayer(app), { level: 8 });
    const [x, y, z] = await Promise.all([0, 1, 2].map(async () => ready(app, await asPlayer(app), { level: 8 })));
    expect((await ignore(victim, x!.username)).statusCode).toBe(201);
    expect((await ignore(victim, y!.username)).statusCode).toBe(201);
    for (const attacker of [x!, y!, z!])
      expect((await terminalSteps(app).ssh(attacker, victim.username)).statusCode).toBe(200);
    const named = (await eventsTo(victim, 'terminal.intrusionStarted')) as Extract<
      EventBody,
      { t: 'terminal.intrusionStarted' }
    >[];
    expect(named.map((e) => e.d.attackerUsername)).toEqual([z!.username]);
    expect(await eventsTo(victim, 'terminal.ignoredIntrusion')).toHaveLength(1);
    // The intrusion log still lists every visit.
    const status = (await victim.request('GET', '/api/filesystem/status')).json();
    expect(JSON.stringify(status)).toContain(x!.username);
  });
});
