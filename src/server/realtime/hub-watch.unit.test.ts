import { afterEach, describe, expect, it } from 'vitest';
import type { EventBody } from '../../core/api/events';
import {
  attachFake,
  inertPresence,
  quietLimits,
  silentLog,
  type FakeSocket,
} from '../../../tests/support/fake-hub-socket';
import { createMemoryBus } from './bus-memory';
import { closeCodes, createHub, type Hub } from './hub';

const bit = (version: number): EventBody => ({
  t: 'grid_update',
  d: { x: version, y: 0, ownerId: 9, ownerUsername: 'painter', colorR: 1, colorG: 2, colorB: 3, version },
});
const line = (id: number): EventBody => ({
  t: 'chat_message',
  d: { id, userId: 9, username: 'talker', message: `line ${id}`, createdAt: '2026-11-27T08:00:00.000Z' },
});
const unread = (name: string): EventBody => ({ t: 'ping.unreadChanged', d: { usernames: [name] } });
const watchKernel = (socket: FakeSocket, watching = true) => socket.say({ t: 'kernel.watch', d: { watching } });

describe('socket hub: Kernel watchers and frames of several events (ADR 084)', () => {
  const bus = createMemoryBus(silentLog);
  let hub: Hub;
  afterEach(() => hub.stop());
  // Events published in one turn reach the hub before any window can end; `coalesceMs: 0` sends each alone.
  const start = (coalesceMs = 1) => {
    hub = createHub({
      bus,
      presence: inertPresence,
      log: silentLog,
      now: () => 0,
      limits: { ...quietLimits, coalesceMs },
    });
  };
  const attach = (userId: number) => attachFake(hub, userId);
  /** Lets the bus's microtasks run, then the queued slices. */
  const handedOver = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
  };

  it('sends bits bought only to sockets watching the Kernel; the others still get their own events', async () => {
    start(0);
    const [kernelTab, mainframeTab] = [attach(1), attach(2)];
    watchKernel(kernelTab);
    expect(hub.stats().kernelWatchers).toBe(1);
    bus.publish({ audience: { kind: 'everyone' }, event: bit(7) });
    bus.publish({ audience: { kind: 'users', userIds: [2] }, event: unread('friend') });
    await handedOver();
    await hub.drained();
    expect(kernelTab.events().map((e) => e.t)).toEqual(['kernel.watchStarted', 'grid_update']);
    expect(mainframeTab.events().map((e) => e.t)).toEqual(['ping.unreadChanged']);

    watchKernel(kernelTab, false);
    bus.publish({ audience: { kind: 'everyone' }, event: bit(8) });
    await handedOver();
    await hub.drained();
    expect(kernelTab.events().filter((e) => e.t === 'grid_update')).toHaveLength(1);
    expect(hub.stats().kernelWatchers).toBe(0);
  });

  it('answers a socket that starts watching once, and forgets it when it closes', async () => {
    start(0);
    const tab = attach(1);
    watchKernel(tab);
    watchKernel(tab); // a second mount of the canvas while the first is still counted
    await hub.drained();
    expect(tab.events().map((e) => [e.t, e.v])).toEqual([['kernel.watchStarted', 1]]);
    tab.close(1000);
    expect(hub.stats().kernelWatchers).toBe(0);
  });

  it('sends lines published close together as one frame, in publish order, on one stream version', async () => {
    start();
    const tab = attach(1);
    // Published in one turn: the first finds the stream idle and goes at once; the rest wait for the window's end.
    for (const id of [10, 11, 12, 13]) bus.publish({ audience: { kind: 'everyone' }, event: line(id) });
    await handedOver();
    await hub.drained();
    expect(tab.parsed().map((f) => [f.v, f.events.map((e) => (e.t === 'chat_message' ? e.d.id : e.t))])).toEqual([
      [1, [10]],
      [2, [11, 12, 13]],
    ]);
    expect(tab.frames[1]).toMatch(/^\{"t":"stream\.batch","d":\[\{"t":"chat_message",/);
  });

  it('builds a batch once for the sockets that share it, and tells each event delivered once', async () => {
    start();
    const tabs = [attach(1), attach(2), attach(3)];
    watchKernel(tabs[0]!);
    const delivered: string[] = [];
    hub.onDelivered((t, sockets) => delivered.push(`${t} to ${sockets}`));
    bus.publish({ audience: { kind: 'everyone' }, event: unread('opener') });
    bus.publish({ audience: { kind: 'everyone' }, event: line(1) });
    bus.publish({ audience: { kind: 'everyone' }, event: bit(1) });
    bus.publish({ audience: { kind: 'everyone' }, event: line(2) });
    await handedOver();
    await hub.drained();
    // The watch's answer opened a window, so everything published in this turn waits for its end.
    const lastFrame = tabs.map((t) =>
      t
        .parsed()
        .at(-1)!
        .events.map((e) => e.t),
    );
    expect(lastFrame).toEqual([
      ['ping.unreadChanged', 'chat_message', 'grid_update', 'chat_message'],
      ['ping.unreadChanged', 'chat_message', 'chat_message'],
      ['ping.unreadChanged', 'chat_message', 'chat_message'],
    ]);
    // The two tabs that got the same events got the same text, but for their own stream version.
    const withoutVersion = (frame: string) => frame.replace(/\d+\}$/, '');
    expect(withoutVersion(tabs[1]!.frames.at(-1)!)).toBe(withoutVersion(tabs[2]!.frames.at(-1)!));
    expect(delivered.sort()).toEqual(
      [
        'chat_message to 3',
        'chat_message to 3',
        'grid_update to 1',
        'kernel.watchStarted to 1',
        'ping.unreadChanged to 3',
      ].sort(),
    );
  });

  it('still closes a signed-out socket when session.ended shares its frame with other events', async () => {
    start();
    const tab = attach(1);
    bus.publish({ audience: { kind: 'everyone' }, event: line(1) });
    bus.publish({ audience: { kind: 'everyone' }, event: line(2) });
    bus.publish({
      audience: { kind: 'session', sessionId: 's1' },
      event: { t: 'session.ended', d: { reason: 'logout' } },
    });
    await handedOver();
    await hub.drained();
    expect(
      tab
        .parsed()
        .at(-1)
        ?.events.map((e) => e.t),
    ).toEqual(['chat_message', 'session.ended']);
    expect(tab.closedWith).toBe(closeCodes.sessionEnded);
  });
});
