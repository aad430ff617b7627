import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachFake,
  FakeSocket,
  hubAuth as auth,
  inertPresence as presence,
  quietLimits,
  silentLog as silent,
} from '../../../tests/support/fake-hub-socket';
import { createMemoryBus } from './bus-memory';
import { closeCodes, createHub, type Hub } from './hub';
import type { Presence } from './presence';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
// Any event with an audience will do; this one carries a value to tell frames apart.
const unreadEvent = (id: number) => ({ t: 'ping.unreadChanged' as const, d: { usernames: [`u${id}`] } });
const joined = (...online: number[]) => ({ t: 'presence.changed' as const, d: { online, offline: [] } });
const watch = (socket: FakeSocket, watching = true) => socket.say({ t: 'presence.watch', d: { watching } });

describe('socket hub', () => {
  const bus = createMemoryBus(silent);
  let hub: Hub;
  const start = (sendBufferMaxBytes = 1024, deliveryQueueMaxFrames?: number) => {
    hub = createHub({
      bus,
      presence,
      log: silent,
      now: () => 0,
      limits: {
        ...quietLimits,
        sendBufferMaxBytes,
        // Each event in a frame of its own, so that five events are five frames per socket in the queue.
        ...(deliveryQueueMaxFrames ? { deliveryQueueMaxFrames, coalesceMs: 0 } : {}),
      },
    });
    return hub;
  };
  const attach = (userId: number, sessionId?: string) => attachFake(hub, userId, sessionId);
  afterEach(() => hub.stop());
  /** The bus hands events over on a microtask; the hub then sends them in slices on later turns. */
  const delivered = async () => {
    await tick();
    await hub.drained();
  };

  it('numbers each socket’s stream on its own, from 1', async () => {
    start();
    const [a, b] = [attach(1), attach(2)];
    bus.publish({ audience: { kind: 'users', userIds: [1] }, event: unreadEvent(9) });
    bus.publish({ audience: { kind: 'everyone' }, event: unreadEvent(9) });
    await delivered();
    expect(a.events().map((e) => e.v)).toEqual([1, 2]);
    expect(b.events().map((e) => e.v)).toEqual([1]);
  });

  it('delivers to the audience only: everyone but the excepted, some players, one session', async () => {
    start();
    const [a1, a2, b] = [attach(1, 'one'), attach(1, 'two'), attach(2)];
    bus.publish({ audience: { kind: 'everyone', exceptUserIds: [1] }, event: unreadEvent(7) });
    bus.publish({ audience: { kind: 'session', sessionId: 'two' }, event: unreadEvent(8) });
    await delivered();
    expect(a1.frames).toHaveLength(0);
    expect(a2.events().map((e) => e.d)).toEqual([{ usernames: ['u8'] }]);
    expect(b.events().map((e) => e.d)).toEqual([{ usernames: ['u7'] }]);
  });

  it('cuts a socket whose send buffer is past the cap instead of queueing more', async () => {
    start(1024);
    const [slow, fine] = [attach(1), attach(2)];
    slow.bufferedAmount = 4096;
    bus.publish({ audience: { kind: 'everyone' }, event: unreadEvent(3) });
    await delivered();
    expect(slow.terminated).toBe(true);
    expect(slow.frames).toHaveLength(0);
    expect(fine.frames).toHaveLength(1);
    expect(hub.stats()).toEqual({ sockets: 1, users: 1, presenceWatchers: 0, kernelWatchers: 0 });
  });

  it('past the delivery cap sends stream.interrupted in place of the backlog, on the socket’s own stream version', async () => {
    start(1024, 4);
    const [one, two] = [attach(1), attach(2)];
    for (let i = 1; i <= 5; i++) bus.publish({ audience: { kind: 'everyone' }, event: unreadEvent(i) });
    await delivered();
    for (const socket of [one, two]) {
      expect(socket.events().map((e) => [e.t, e.v])).toEqual([['stream.interrupted', 1]]);
    }
    bus.publish({ audience: { kind: 'users', userIds: [1] }, event: unreadEvent(6) });
    await delivered();
    expect(one.events().at(-1)).toMatchObject({ t: 'ping.unreadChanged', v: 2 });
  });

  it('closes with 4009 a socket past the session or address cap at attach (upgrades that raced past the HTTP check)', () => {
    hub = createHub({
      bus,
      presence,
      log: silent,
      now: () => 0,
      limits: {
        messagesPerWindow: 5,
        messageWindowMs: 1000,
        sendBufferMaxBytes: 1024,
        heartbeatMs: 60_000,
        sessionRecheckMs: 60_000,
        socketsPerSession: 2,
        socketsPerAddress: 3,
      },
    });
    const attachFrom = (userId: number, sessionId: string, address: string) => {
      const socket = new FakeSocket();
      hub.attach(socket as unknown as WebSocket, auth(userId, sessionId), address);
      return socket;
    };
    const [s1, s2, s3] = [
      attachFrom(1, 'tabs', '10.0.0.1'),
      attachFrom(1, 'tabs', '10.0.0.1'),
      attachFrom(1, 'tabs', '10.0.0.1'),
    ];
    expect([s1.closedWith, s2.closedWith, s3.closedWith]).toEqual([null, null, closeCodes.tooManySockets]);
    const [o1, o2] = [attachFrom(2, 'other', '10.0.0.1'), attachFrom(3, 'third', '10.0.0.1')];
    expect([o1.closedWith, o2.closedWith]).toEqual([null, closeCodes.tooManySockets]);
    expect(hub.stats()).toEqual({ sockets: 3, users: 2, presenceWatchers: 0, kernelWatchers: 0 });
    s1.close(1000);
    expect(attachFrom(1, 'tabs', '10.0.0.1').closedWith).toBeNull();
  });

  it('pings in slices, giving the event loop back between them, and still cuts every socket that never answered', async () => {
    hub = createHub({
      bus,
      presence,
      log: silent,
      now: () => 0,
      limits: {
        messagesPerWindow: 5,
        messageWindowMs: 1000,
        sendBufferMaxBytes: 1024,
        heartbeatMs: 25,
        sessionRecheckMs: 60_000,
        deliverySlice: 2,
      },
    });
    let pings = 0;
    let pingedInFirstTurn: number | null = null;
    const sockets = Array.from({ length: 5 }, (_, i) => {
      const socket = attach(i + 1);
      socket.ping = () => {
        pings += 1;
        // Runs on the next turn: before the sweep's next slice, which was scheduled after it.
        if (pingedInFirstTurn === null) setImmediate(() => (pingedInFirstTurn ??= pings));
      };
      return socket;
    });
    await expect.poll(() => pings, { timeout: 10_000 }).toBe(5);
    expect(pingedInFirstTurn).toBe(2);
    // No pong came back, so the next sweep terminates all five, across its slices.
    await expect.poll(() => sockets.every((s) => s.terminated), { timeout: 10_000 }).toBe(true);
    expect(hub.stats().sockets).toBe(0);
  });

  it('sends session.ended and then closes that session’s sockets', async () => {
    start();
    const s = attach(1, 'gone');
    bus.publish({
      audience: { kind: 'session', sessionId: 'gone' },
      event: { t: 'session.ended', d: { reason: 'logout' } },
    });
    await delivered();
    expect(s.events().map((e) => e.t)).toEqual(['session.ended']);
    expect(s.closedWith).toBe(closeCodes.sessionEnded);
  });

  it('closes a socket past its message rate, and sockets left open at shutdown', async () => {
    start();
    const [chatty, quiet] = [attach(1), attach(2)];
    for (let i = 0; i < 6; i++) chatty.emit('message', Buffer.from('{"t":"heartbeat"}'), false);
    expect(chatty.closedWith).toBe(closeCodes.rateLimited);
    await hub.stop();
    expect(quiet.closedWith).toBe(closeCodes.goingAway);
  });

  it('does not end a session whose socket attached while the recheck was asking the database', async () => {
    let answer: (live: Set<string>) => void = () => {};
    const slowPresence = {
      ...presence,
      liveSessionIds: () => new Promise<Set<string>>((resolve) => (answer = resolve)),
    } as unknown as Presence;
    hub = createHub({
      bus,
      presence: slowPresence,
      log: silent,
      now: () => 0,
      limits: {
        messagesPerWindow: 5,
        messageWindowMs: 1000,
        sendBufferMaxBytes: 1024,
        heartbeatMs: 60_000,
        sessionRecheckMs: 60_000,
      },
    });
    const expired = attach(1, 'gone');
    const recheck = hub.recheckSessions();
    const newcomer = attach(2, 'fresh'); // arrives while the query is in flight
    answer(new Set()); // the database knew only 'gone', and it is not live
    await recheck;
    await hub.drained();
    expect(expired.closedWith).toBe(closeCodes.sessionEnded);
    expect(newcomer.closedWith).toBeNull();
    expect(newcomer.events().map((e) => e.t)).not.toContain('session.ended');
  });

  describe('presence', () => {
    afterEach(() => vi.useRealTimers());
    const startWithFakeTimers = () => {
      // The flush timer on a fake clock; the delivery slices (setImmediate) stay real.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      hub = createHub({
        bus,
        presence,
        log: silent,
        now: () => 0,
        limits: {
          messagesPerWindow: 50,
          messageWindowMs: 1000,
          sendBufferMaxBytes: 1024,
          heartbeatMs: 60_000,
          sessionRecheckMs: 60_000,
          presenceFlushMs: 1000,
        },
      });
    };
    /** Lets the bus's microtask run, moves the fake clock (the flush timer), then lets the slices run. */
    const advance = async (ms: number) => {
      await Promise.resolve();
      await vi.advanceTimersByTimeAsync(ms);
      await hub.drained();
    };

    it('sends presence only to sockets that watch it, as one frame for many joins', async () => {
      startWithFakeTimers();
      const [watching, mainframe] = [attach(1), attach(2)];
      watch(watching);
      expect(hub.stats().presenceWatchers).toBe(1);
      for (let id = 10; id < 60; id++) bus.publish({ audience: { kind: 'everyone' }, event: joined(id) });
      await advance(999);
      expect(watching.frames).toHaveLength(0);
      await advance(1);
      expect(watching.events().map((e) => e.d)).toEqual([
        { online: Array.from({ length: 50 }, (_, i) => i + 10), offline: [] },
      ]);
      expect(mainframe.frames).toHaveLength(0);
    });

    it('stops sending once the tab unwatches or closes', async () => {
      startWithFakeTimers();
      const [a, b] = [attach(1), attach(2)];
      watch(a);
      watch(b);
      watch(a, false);
      b.close(1000);
      expect(hub.stats().presenceWatchers).toBe(0);
      bus.publish({ audience: { kind: 'everyone' }, event: joined(5) });
      await advance(1000);
      expect(a.frames).toHaveLength(0);
    });
  });
});
