import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { balance } from '../../core/balance';
import { infra } from '../../core/infra';
import { asPlayer, type Player } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { listeningTestApp, type ListeningTestApp } from '../../../tests/support/listening-app';
import { handshakeStatus, watchPresence } from '../../../tests/support/socket';
import { closeCodes } from './hub';

describe.each(drivers)('the /ws socket [%s]', (driver) => {
  let app: ListeningTestApp;
  let a: Player;
  let b: Player;
  const open = (p: Player, headers: Record<string, string> = {}) => app.socket(p.cookie, headers);
  beforeAll(async () => {
    app = await listeningTestApp(driver);
    [a, b] = [await asPlayer(app), await asPlayer(app)];
  });
  afterAll(() => app.close());
  const freshWindow = () => app.clock.advance(balance.messageRepeatWindowMs + 1);

  it('delivers chat_message to another player’s socket with the cookie session, stream version from 1', async () => {
    freshWindow();
    const sb = await open(b);
    const res = await a.request('POST', '/api/chat/messages', { message: '<b>hi</b> there' });
    expect(res.statusCode).toBe(201);
    const event = await sb.next('chat_message');
    expect(event.d).toEqual(res.json());
    // One frame per line: the receiver derives "unread" from a line that is not its own, and the
    // server's own unread state agrees.
    expect((await b.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: true });
    expect(sb.events.filter((e) => e.t === 'chat.unreadChanged')).toEqual([]);
    // Every frame this socket got is numbered 1, 2, 3 … with no gap.
    expect(sb.frames.map((f) => f.v)).toEqual(sb.frames.map((_, i) => i + 1));
  });

  it('refuses a foreign Origin, a browser without Origin and a signed-out handshake', async () => {
    expect(await handshakeStatus(app.url, { cookie: a.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(
      await handshakeStatus(app.url, { cookie: a.cookie, 'user-agent': 'Mozilla/5.0', 'sec-fetch-site': 'cross-site' }),
    ).toBe(403);
    expect(await handshakeStatus(app.url, { origin: app.url })).toBe(401);
    expect(await handshakeStatus(app.url, { origin: app.url, cookie: 'bb_session=forged.value' })).toBe(401);
    expect(await handshakeStatus(app.url, { cookie: a.cookie, origin: app.url })).toBe(101);
  });

  it(`closes a socket that sends a message over ${infra.socketMaxMessageBytes / 1024} KiB`, async () => {
    const s = await open(a);
    s.ws.send('x'.repeat(infra.socketMaxMessageBytes + 1));
    expect((await s.closed).code).toBe(1009);
  });

  it('closes a socket that sends too many messages, and drops what does not parse without closing', async () => {
    const s = await open(a);
    s.ws.send('not json');
    s.ws.send(JSON.stringify({ t: 'heartbeat', extra: true }));
    s.ws.send(JSON.stringify({ t: 'heartbeat' }));
    // No timer: the socket is closed for the rate, not for the junk — a close over what does not parse
    // would come first and carry another code.
    for (let i = 0; i < infra.socketMessagesPerWindow; i++) s.ws.send(JSON.stringify({ t: 'heartbeat' }));
    expect((await s.closed).code).toBe(closeCodes.rateLimited);
  });

  it('sends private messages to both sides and the unread list to the receiver', async () => {
    freshWindow();
    const [sa, sb] = [await open(a), await open(b)];
    const res = await a.request('POST', '/api/directories/messages', { receiverId: b.id, message: 'secret' });
    expect(res.statusCode).toBe(201);
    expect((await sa.next('ping.messageSent')).d).toEqual(res.json());
    expect((await sb.next('ping.messageSent')).d).toEqual(res.json());
    expect((await sb.next('ping.unreadChanged')).d.usernames).toContain(a.username);
    await b.request('POST', '/api/directories/read', { partnerId: a.id });
    expect((await sb.next('ping.unreadChanged', (e) => !e.d.usernames.includes(a.username))).d.usernames).not.toContain(
      a.username,
    );
    expect(sa.events.some((e) => e.t === 'ping.unreadChanged')).toBe(false);
  });

  it("pushes the player's own stats after decodes and mission rewards, and mission status", async () => {
    const p = await asPlayer(app);
    const s = await open(p);
    await p.request('POST', '/api/game/tap-batch', { tapCount: 3, batchTimestamp: 7 });
    expect((await s.next('user.updated')).d).toMatchObject({ id: p.id, totalTaps: 3 });
    await p.request('POST', '/api/missions/complete', { missionId: 'clear_binary_row' });
    expect((await s.next('missions.statusChanged')).d).toMatchObject({ completedMissions: ['clear_binary_row'] });
    expect((await s.next('user.updated', (e) => e.d.telnet >= 10)).d.telnet).toBe(10);
    const versions = s.frames.map((f) => f.v);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });

  it('shows a connected player as online, and offline again once their last socket closes', async () => {
    const p = await asPlayer(app);
    const watcher = await open(a);
    await watchPresence(watcher, app.realtime.hub);
    const isOnline = async () =>
      (await a.request('GET', `/api/directories/user/${p.username}`)).json().isOnline as boolean;
    expect(await isOnline()).toBe(false);
    const [s1, s2] = [await open(p), await open(p)];
    await watcher.next('presence.changed', (e) => e.d.online.includes(p.id));
    expect(await isOnline()).toBe(true);
    const listed = (await a.request('GET', '/api/directories/users')).json() as Array<{
      id: number;
      isOnline: boolean;
    }>;
    expect(listed.find((u) => u.id === p.id)?.isOnline).toBe(true);
    await s1.close();
    await app.realtime.hub.settled();
    expect(await isOnline()).toBe(true);
    await s2.close();
    await watcher.next('presence.changed', (e) => e.d.offline.includes(p.id));
    expect(await isOnline()).toBe(false);
  });

  it('ends the sockets of a logged-out session (and only those) with session.ended', async () => {
    const p = await asPlayer(app);
    // The same player signed in a second time (another browser): a second session.
    const login = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId: p.loginId, password: p.password },
    });
    const secondCookie = `bb_session=${login.cookies.find((c) => c.name === 'bb_session')!.value}`;
    const mine = await open(p);
    const second = await app.socket(secondCookie);
    const logout = await p.request('POST', '/api/auth/logout');
    expect(logout.statusCode).toBe(204);
    expect((await mine.next('session.ended')).d.reason).toBe('logout');
    expect((await mine.closed).code).toBe(closeCodes.sessionEnded);
    expect(second.ws.readyState).toBe(WebSocket.OPEN);
    expect(second.events.some((e) => e.t === 'session.ended')).toBe(false);
  });

  it("ends every socket of a banned player's sessions", async () => {
    const p = await asPlayer(app);
    const [s1, s2] = [await open(p), await open(p)];
    await app.services.auth.ban(p.id);
    for (const s of [s1, s2]) {
      expect((await s.next('session.ended')).d.reason).toBe('banned');
      expect((await s.closed).code).toBe(closeCodes.sessionEnded);
    }
    expect(await handshakeStatus(app.url, { cookie: p.cookie, origin: app.url })).toBe(401);
  });

  it('answers a plain GET /ws (no upgrade) with 404, not a socket', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: '/ws', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(404);
  });
});
