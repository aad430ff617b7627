import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, type Player } from '../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../tests/support/instances';
import { openSocket, watchPresence, type TestSocket } from '../../../tests/support/socket';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two instances need a database both can reach: PostgreSQL (CI sets TEST_DATABASE_URL; locally
// TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test) and Redis at 127.0.0.1:6379 (or TEST_REDIS_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances sharing PostgreSQL and Redis [postgres]', () => {
  let run: Instances;
  let a: Player;
  let b: Player;
  const sockets: TestSocket[] = [];
  const open = async (instance: number, p: Player) => {
    const s = await openSocket(run.urls[instance]!, p.cookie);
    sockets.push(s);
    return s;
  };
  beforeAll(async () => {
    run = await startInstances(2, redisUrl);
    [a, b] = [await asPlayer(run.apps[0]!), await asPlayer(run.apps[0]!)];
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await run?.close();
  });

  it('delivers a chat line posted through instance A to a socket on instance B', async () => {
    const onB = await open(1, b);
    const res = await via(run.apps[0]!, a, 'POST', '/api/chat/messages', { message: 'across the load balancer' });
    expect(res.statusCode, res.body).toBe(201);
    // A bound, not a speed target: the realtime bench measures delivery times.
    expect((await onB.next('chat_message', undefined, 10_000)).d).toEqual(res.json());
    // History read through B is the same database truth.
    const page = (await via(run.apps[1]!, b, 'GET', '/api/chat/messages?limit=1')).json();
    expect(page.messages[0].message).toBe('across the load balancer');
  });

  it('delivers a private message sent through A to the receiver on B and the sender on A', async () => {
    const [onA, onB] = [await open(0, a), await open(1, b)];
    const res = await via(run.apps[0]!, a, 'POST', '/api/directories/messages', {
      receiverId: b.id,
      message: 'for your eyes',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await onB.next('ping.messageSent', undefined, 1000)).d).toEqual(res.json());
    expect((await onB.next('ping.unreadChanged', undefined, 1000)).d.usernames).toContain(a.username);
    expect((await onA.next('ping.messageSent', undefined, 1000)).d).toEqual(res.json());
    // Each event reached each socket once: Redis echoes A's own publish back to A, and A ignores it.
    // B received the message through Redis, so Redis had already queued the echo to A's subscriber;
    // a line then posted through B reaches A on that same connection behind the echo. Once A has
    // that line, any echo would have arrived: the counts are final, no timeout involved.
    expect((await via(run.apps[1]!, b, 'POST', '/api/chat/messages', { message: 'sentinel' })).statusCode).toBe(201);
    await onA.next('chat_message', (e) => e.d.message === 'sentinel', 2000);
    expect(onA.events.filter((e) => e.t === 'ping.messageSent')).toHaveLength(1);
    expect(onB.events.filter((e) => e.t === 'ping.messageSent')).toHaveLength(1);
  });

  it('counts a player connected to either instance as online, on both', async () => {
    const p = await asPlayer(run.apps[0]!);
    const watchOnA = await open(0, a);
    await watchPresence(watchOnA, run.apps[0]!.realtime.hub);
    const isOnlineVia = async (instance: number) =>
      (await via(run.apps[instance]!, a, 'GET', `/api/directories/user/${p.username}`)).json().isOnline as boolean;
    expect([await isOnlineVia(0), await isOnlineVia(1)]).toEqual([false, false]);
    const onB = await open(1, p);
    await watchOnA.next('presence.changed', (e) => e.d.online.includes(p.id));
    expect([await isOnlineVia(0), await isOnlineVia(1)]).toEqual([true, true]);
    const onA = await open(0, p);
    await onB.close();
    await run.apps[1]!.realtime.hub.settled();
    // Still connected through A: still online everywhere.
    expect([await isOnlineVia(0), await isOnlineVia(1)]).toEqual([true, true]);
    await onA.close();
    await watchOnA.next('presence.changed', (e) => e.d.offline.includes(p.id));
    expect([await isOnlineVia(0), await isOnlineVia(1)]).toEqual([false, false]);
  });

  it('closes the sockets on B of a session logged out through A', async () => {
    const p = await asPlayer(run.apps[0]!);
    const onB = await open(1, p);
    expect((await via(run.apps[0]!, p, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await onB.next('session.ended', undefined, 1000)).d.reason).toBe('logout');
    expect((await onB.closed).code).toBe(4001);
  });
});
