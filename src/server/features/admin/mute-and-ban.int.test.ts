import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionDone, consoleActionPaths } from '../../../core/api/admin-actions';
import { texts } from '../../../core/texts';
import { asPlayer, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { auditRowsOf, consoleApp, userPath as at } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { openSocket } from '../../../../tests/support/socket';
import { closeCodes } from '../../realtime/hub';
import { banByLoginId } from '../auth/ban-command';
import { runRoleCommand } from './role-command';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const chatLine = (message: string) => ['POST', '/api/chat/messages', { message }] as const;
const ping = (receiverId: number, message: string) =>
  ['POST', '/api/directories/messages', { receiverId, message }] as const;
const silent = { warn: () => {}, info: () => {} };

describe.each(drivers)('mute and ban from the console [%s]', (driver) => {
  let app: TestApp;
  let moderator: Player;
  beforeAll(async () => ({ app, moderator } = await consoleApp(driver)));
  afterAll(() => app.close());

  it('a muted player cannot post to the chat (panel or Terminal chatroom) or send a Ping until the mute ends, and it is audited', async () => {
    const p = await asPlayer(app);
    const friend = await asPlayer(app);
    const res = await moderator.request('POST', at(consoleActionPaths.mute, p.id), {
      minutes: 30,
      reason: 'spamming the channel',
    });
    expect(res.statusCode, res.body).toBe(200);
    const until = app.clock.now + 30 * 60_000;
    expect(ActionDone.parse(res.json()).player).toMatchObject({
      userId: p.id,
      mutedUntil: new Date(until).toISOString(),
    });
    const refusal = texts.chat.muted('2026-11-22 12:30');
    // The chat panel and the Terminal's chatroom mode send through the same route; a second tab is the same cookie.
    expectError(await p.request(...chatLine('spam again')), 403, refusal);
    expectError(await p.request(...ping(friend.id, 'spam in private')), 403, refusal);
    const stored = await app.db.database.query(
      'SELECT 1 FROM chat_messages WHERE user_id = $1 UNION ALL SELECT 1 FROM private_messages WHERE sender_id = $1',
      [p.id],
    );
    expect(stored).toEqual([]);
    expect(await auditRowsOf(app, p.id)).toEqual([
      {
        action: 'mute',
        actor_label: moderator.username,
        actor_id: moderator.id,
        reason: 'spamming the channel',
        before: { mutedUntil: null },
        after: { mutedUntil: new Date(until).toISOString(), minutes: 30 },
      },
    ]);
    app.clock.advance(30 * 60_000 - 1);
    expectError(await p.request(...chatLine('one ms early')), 403, refusal);
    app.clock.advance(1);
    expect((await p.request(...chatLine('back, and sorry'))).statusCode).toBe(201);
    expect((await p.request(...ping(friend.id, 'sorry'))).statusCode).toBe(201);
  });

  it('unmute ends a mute at once, audited', async () => {
    const p = await asPlayer(app);
    await moderator.request('POST', at(consoleActionPaths.mute, p.id), { minutes: 600, reason: 'heated' });
    const res = await moderator.request('POST', at(consoleActionPaths.unmute, p.id), { reason: 'calmed down' });
    expect(ActionDone.parse(res.json()).player.mutedUntil).toBeNull();
    expect((await p.request(...chatLine('thanks'))).statusCode).toBe(201);
    expect((await auditRowsOf(app, p.id)).map((r) => [r.action, r.reason, r.after])).toEqual([
      ['mute', 'heated', expect.objectContaining({ minutes: 600 })],
      ['unmute', 'calmed down', { mutedUntil: null }],
    ]);
  });

  it('ban closes the session at once and refuses sign-in; unban lets the player sign in again; both audited', async () => {
    const p = await asPlayer(app);
    const res = await moderator.request('POST', at(consoleActionPaths.ban, p.id), { reason: 'cheating' });
    expect(ActionDone.parse(res.json()).player.banned).toBe(true);
    expect((await p.request('GET', '/api/auth/user')).statusCode).toBe(401);
    const login = () =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: p.ip,
        payload: { loginId: p.loginId, password: p.password },
      });
    expectError(await login(), 403, texts.accountBanned);
    expect(
      ActionDone.parse(
        (await moderator.request('POST', at(consoleActionPaths.unban, p.id), { reason: 'appeal upheld' })).json(),
      ).player.banned,
    ).toBe(false);
    expect((await login()).statusCode).toBe(200);
    expect((await auditRowsOf(app, p.id)).map((r) => [r.action, r.actor_label, r.before, r.after])).toEqual([
      ['ban', moderator.username, { banned: false }, { banned: true }],
      ['unban', moderator.username, { banned: true }, { banned: false }],
    ]);
  });

  it('npm run ban and npm run unban write their audit rows as cli:ban and cli:unban', async () => {
    const p = await asPlayer(app);
    const deps = { database: app.db.database, redis: null, log: silent, now: () => app.clock.now };
    expect(await banByLoginId(deps, p.loginId, { reason: 'chargeback ring' })).toMatchObject({ banned: true });
    expect(await banByLoginId(deps, p.loginId, { undo: true })).toMatchObject({ banned: true });
    expect(await banByLoginId(deps, 'nobody-at-all-here')).toEqual({ banned: false });
    expect((await auditRowsOf(app, p.id)).map((r) => [r.action, r.actor_label, r.actor_id, r.reason])).toEqual([
      ['ban', 'cli:ban', null, 'chargeback ring'],
      ['unban', 'cli:unban', null, 'unban from the server shell'],
    ]);
  });
});

// Two instances on PostgreSQL and Redis, as behind a load balancer.
describe.skipIf(!process.env.TEST_DATABASE_URL)('mute and ban across two instances [postgres]', () => {
  let run: Instances;
  let moderator: Player;
  beforeAll(async () => {
    run = await startInstances(2, redisUrl);
    moderator = await asPlayer(run.apps[0]!);
    expect(
      (await runRoleCommand({ database: run.db.database, now: Date.now }, [moderator.loginId, 'moderator'])).kind,
    ).toBe('set');
  });
  afterAll(() => run.close());

  it("a mute set on one instance refuses the player's next send on the other at once", async () => {
    const p = await asPlayer(run.apps[1]!);
    // The player's session is warm on instance 1 (its cache holds them) before the mute.
    expect((await via(run.apps[1]!, p, 'POST', '/api/chat/messages', { message: 'before the mute' })).statusCode).toBe(
      201,
    );
    expect(
      (
        await via(run.apps[0]!, moderator, 'POST', at(consoleActionPaths.mute, p.id), {
          minutes: 15,
          reason: 'flooding',
        })
      ).statusCode,
    ).toBe(200);
    const refused = await via(run.apps[1]!, p, 'POST', '/api/chat/messages', { message: 'from the other instance' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(
      (
        await via(run.apps[1]!, p, 'POST', '/api/directories/messages', {
          receiverId: moderator.id,
          message: 'let me talk',
        })
      ).statusCode,
    ).toBe(403);
  });

  it("a ban set on one instance closes the player's socket on the other at once", async () => {
    const p = await asPlayer(run.apps[1]!);
    const socket = await openSocket(run.urls[1]!, p.cookie);
    expect(
      (await via(run.apps[0]!, moderator, 'POST', at(consoleActionPaths.ban, p.id), { reason: 'botting' })).statusCode,
    ).toBe(200);
    expect((await socket.next('session.ended', undefined, 10_000)).d.reason).toBe('banned');
    expect((await socket.closed).code).toBe(closeCodes.sessionEnded);
    expect((await via(run.apps[1]!, p, 'GET', '/api/auth/user')).statusCode).toBe(401);
  });
});
