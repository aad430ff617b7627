import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { openSocket, type TestSocket } from '../../../tests/support/socket';
import { banByLoginId } from '../features/auth/ban-command';
import { grantAsOperator } from '../features/grant/grant-command';
import { defaultRedisChannel } from './bus-signing';
import type { RedisBus } from './bus-redis';
import { closeCodes } from './hub';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn: () => {}, info: () => {} };

// "One Redis, two deployments" and "a ban closes sockets at once", on a real Redis.
describe.each(drivers)('the Redis bus trusts only its own deployment, [%s]', (driver) => {
  const apps: TestApp[] = [];
  const sockets: TestSocket[] = [];
  let redis: Redis | undefined;
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    for (const app of apps.splice(0)) await app.close();
    redis?.disconnect();
  });

  /** A listening app on Redis whose default channel comes from a (fake) database address. */
  async function start(databaseName: string, options: { secret?: string; channel?: string } = {}) {
    const app = await buildTestApp(driver, {
      realClock: true,
      config: {
        redisUrl,
        database: { kind: 'postgres', url: `postgres://db.example:5432/${databaseName}` },
        ...(options.secret ? { sessionSecret: options.secret } : {}),
        ...(options.channel ? { redisChannel: options.channel } : {}),
      },
    });
    apps.push(app);
    const url = await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    await app.realtime.bus.ready();
    return { app, url };
  }
  const open = async (url: string, cookie: string) => {
    const s = await openSocket(url, cookie);
    sockets.push(s);
    return s;
  };

  it('drops a forged, unsigned session.ended: no socket closes, and the drop is counted', async () => {
    const db = `game_${randomUUID().slice(0, 8)}`;
    const { app, url } = await start(db);
    const p = await asPlayer(app);
    const socket = await open(url, p.cookie);
    redis = new Redis(redisUrl);
    const channel = defaultRedisChannel({ kind: 'postgres', url: `postgres://db.example:5432/${db}` });
    const forged = JSON.stringify({
      o: 'attacker',
      a: { kind: 'everyone' },
      e: { t: 'session.ended', d: { reason: 'logout' } },
    });
    const bus = app.realtime.bus as RedisBus;
    expect(await redis.publish(channel, forged)).toBe(1);
    expect(await redis.publish(channel, `AAAA ${forged}`)).toBe(1);
    await expect.poll(() => bus.rejectedCount()).toBe(2);
    // Still open and still served: a chat line after the forgery arrives.
    const other = await asPlayer(app);
    expect((await other.request('POST', '/api/chat/messages', { message: 'still here?' })).statusCode).toBe(201);
    expect((await socket.next('chat_message')).d.message).toBe('still here?');
    expect(socket.events.some((e) => e.t === 'session.ended')).toBe(false);
  });

  it('two games on one Redis with different databases never see each other’s events', async () => {
    const one = await start(`game_${randomUUID().slice(0, 8)}`);
    const two = await start(`game_${randomUUID().slice(0, 8)}`);
    const [p1, p2] = [await asPlayer(one.app), await asPlayer(two.app)];
    const [s1, s2] = [await open(one.url, p1.cookie), await open(two.url, p2.cookie)];
    expect((await p1.request('POST', '/api/chat/messages', { message: 'game one only' })).statusCode).toBe(201);
    expect((await p2.request('POST', '/api/chat/messages', { message: 'game two only' })).statusCode).toBe(201);
    expect((await s1.next('chat_message')).d.message).toBe('game one only');
    expect((await s2.next('chat_message')).d.message).toBe('game two only');
    // A line each game published after the other's has arrived: nothing crossed over before it.
    expect((await p1.request('POST', '/api/chat/messages', { message: 'game one again' })).statusCode).toBe(201);
    expect((await s1.next('chat_message')).d.message).toBe('game one again');
    expect(s2.events.filter((e) => e.t === 'chat_message').map((e) => (e.d as { message: string }).message)).toEqual([
      'game two only',
    ]);
  });

  it('a shared REDIS_CHANNEL with another session secret is dropped, not delivered', async () => {
    const channel = `bitbreach:test:${randomUUID()}`;
    const one = await start('shared', { channel, secret: 'secret-one-secret-one-secret-one-0000' });
    const two = await start('shared', { channel, secret: 'secret-two-secret-two-secret-two-0000' });
    const [p1, p2] = [await asPlayer(one.app), await asPlayer(two.app)];
    const s2 = await open(two.url, p2.cookie);
    expect((await p1.request('POST', '/api/chat/messages', { message: 'from game one' })).statusCode).toBe(201);
    await expect.poll(() => (two.app.realtime.bus as RedisBus).rejectedCount()).toBeGreaterThan(0);
    expect(s2.events.filter((e) => e.t === 'chat_message')).toEqual([]);
  });

  it('npm run ban’s path closes the player’s socket on a running instance at once (pushed, not polled); no more chat reaches them', async () => {
    const channel = `bitbreach:test:${randomUUID()}`;
    const { app, url } = await start('bans', { channel });
    const [banned, other] = [await asPlayer(app), await asPlayer(app)];
    const socket = await open(url, banned.cookie);
    const outcome = await banByLoginId(
      {
        database: app.db.database,
        redis: { url: redisUrl, channel, secret: 'test-secret-test-secret-test-secret-0123' },
        log: silent,
      },
      banned.loginId,
    );
    expect(outcome).toMatchObject({ banned: true, socketsToldAtOnce: true });
    expect((await socket.next('session.ended', undefined, 10_000)).d.reason).toBe('banned');
    expect((await socket.closed).code).toBe(closeCodes.sessionEnded);
    expect((await other.request('POST', '/api/chat/messages', { message: 'after the ban' })).statusCode).toBe(201);
    expect(socket.events.some((e) => e.t === 'chat_message')).toBe(false);
    await expect.poll(() => app.realtime.hub.stats().sockets).toBe(0);
  });

  it('npm run grant’s path shows the grant on the player’s open screen on a running instance at once', async () => {
    const channel = `bitbreach:test:${randomUUID()}`;
    const { app, url } = await start('grants', { channel });
    const player = await asPlayer(app);
    const socket = await open(url, player.cookie);
    const outcome = await grantAsOperator(
      {
        database: app.db.database,
        redis: { url: redisUrl, channel, secret: 'test-secret-test-secret-test-secret-0123' },
        log: silent,
      },
      { loginId: player.loginId, telnet: 75, core: 'T-2' },
    );
    expect(outcome).toMatchObject({ kind: 'granted', telnet: 75, screensToldAtOnce: true });
    expect((await socket.next('user.updated', (e) => e.d.telnet === 75, 2000)).d.telnet).toBe(75);
    expect((await socket.next('inventory.changed', undefined, 2000)).d.reason).toBe('operator-grant');
  });
});

describe('defaultRedisChannel', () => {
  it('is one channel per database: host, port and name decide it; user and password do not (and never show)', () => {
    const a = defaultRedisChannel({ kind: 'postgres', url: 'postgres://u:pw1@db:5432/game' });
    expect(defaultRedisChannel({ kind: 'postgres', url: 'postgres://other:pw2@db:5432/game' })).toBe(a);
    expect(defaultRedisChannel({ kind: 'postgres', url: 'postgres://u:pw1@db:5432/game2' })).not.toBe(a);
    expect(defaultRedisChannel({ kind: 'postgres', url: 'postgres://u:pw1@db2:5432/game' })).not.toBe(a);
    expect(defaultRedisChannel({ kind: 'postgres', url: 'postgres://u:pw1@db:5433/game' })).not.toBe(a);
    expect(a).not.toContain('pw1');
  });
});
