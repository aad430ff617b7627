import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { asPlayer, type Player } from '../../../tests/support/app';
import { testConfig } from '../../../tests/support/config';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { openSocket, watchPresence, type TestSocket } from '../../../tests/support/socket';
import { buildApp, type App } from '../app';
import type { HubLimits } from './hub';

// Presence only to tabs that show it, batched; deliveries in slices with the
// sender answered first; a reader that stops reading is cut, not buffered without bound.
describe.each(drivers)('fan-out at scale [%s]', (driver) => {
  let app: App | undefined;
  let db: TestDatabase | undefined;
  const sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await app?.close();
    await db?.dispose();
  });

  async function start(limits: Partial<HubLimits> = {}) {
    db = await freshDatabase(driver);
    app = await buildApp({ config: testConfig(), database: db.database, realtime: { limits } });
    return app.fastify.listen({ port: 0, host: '127.0.0.1' });
  }
  const open = async (url: string, p: Player) => {
    const s = await openSocket(url, p.cookie);
    sockets.push(s);
    return s;
  };

  it('sends a tab showing presence one frame for many joins, and a tab not showing it none', async () => {
    // Long enough for the five joins below to land in one window on a loaded machine.
    const url = await start({ presenceFlushMs: 2000 });
    const [viewer, other] = [await asPlayer(app!), await asPlayer(app!)];
    const ping = await open(url, viewer);
    await watchPresence(ping, app!.realtime.hub);
    const mainframe = await open(url, other);
    const joiners = await Promise.all(Array.from({ length: 5 }, () => asPlayer(app!)));
    await Promise.all(joiners.map((p) => open(url, p)));
    await app!.realtime.hub.settled();

    const batch = await ping.next('presence.changed', (e) => joiners.every((p) => e.d.online.includes(p.id)), 10_000);
    expect(batch.d.offline).toEqual([]);
    expect(ping.events.filter((e) => e.t === 'presence.changed')).toHaveLength(1);
    // The Mainframe tab got nothing about presence, though six players joined around it.
    await app!.realtime.hub.drained();
    expect(mainframe.events.filter((e) => e.t === 'presence.changed')).toEqual([]);
  });

  it('still delivers the latest presence state after a burst of reconnects, and nothing once the tab unwatches', async () => {
    const url = await start({ presenceFlushMs: 200 });
    const [watching, leaving] = [await open(url, await asPlayer(app!)), await open(url, await asPlayer(app!))];
    await watchPresence(watching, app!.realtime.hub);
    await watchPresence(leaving, app!.realtime.hub);
    const p = await asPlayer(app!);
    for (let i = 0; i < 5; i++) await (await openSocket(url, p.cookie)).close();
    const stays = await open(url, p);
    await app!.realtime.hub.settled();
    const mentions = (s: TestSocket) =>
      s.events.flatMap((e) =>
        e.t !== 'presence.changed'
          ? []
          : e.d.online.includes(p.id)
            ? ['online']
            : e.d.offline.includes(p.id)
              ? ['offline']
              : [],
      );
    await expect.poll(() => mentions(watching).at(-1), { timeout: 5000 }).toBe('online');

    leaving.ws.send(JSON.stringify({ t: 'presence.watch', d: { watching: false } })); // the Ping screen unmounted
    await expect.poll(() => app!.realtime.hub.stats().presenceWatchers).toBe(1);
    const seen = leaving.events.length;
    await stays.close();
    // The tab still watching hears p leave; the one that stopped, in the same flush, does not.
    await watching.next('presence.changed', (e) => e.d.offline.includes(p.id));
    await app!.realtime.hub.drained();
    expect(leaving.events.slice(seen)).toEqual([]);
  });

  it('delivers a chat line to every socket in slices, the sender answered before the last slice', async () => {
    const url = await start({ deliverySlice: 2, socketsPerSession: 16 });
    const [sender, reader] = [await asPlayer(app!), await asPlayer(app!)];
    const tabs = await Promise.all(Array.from({ length: 12 }, () => open(url, reader)));
    const order: string[] = [];
    app!.realtime.hub.onDelivered((t, count) => t === 'chat_message' && order.push(`delivered to ${count}`));
    // The moment the route hands its answer to the connection: the raw response's end.
    app!.fastify.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      if (request.method !== 'POST' || request.url !== '/api/chat/messages') return;
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      response.end = ((...args: unknown[]) => {
        order.push(`answered ${response.statusCode}`);
        return end(...args);
      }) as ServerResponse['end'];
    });
    const res = await fetch(`${url}/api/chat/messages`, {
      method: 'POST',
      headers: {
        cookie: sender.cookie,
        'x-csrf-token': sender.csrfToken,
        'content-type': 'application/json',
        origin: url,
      },
      body: JSON.stringify({ message: 'to every tab' }),
    });
    expect(res.status).toBe(201);
    const line = (await res.json()) as { id: number };
    for (const tab of tabs) expect((await tab.next('chat_message')).d.id).toBe(line.id);
    expect(order).toEqual(['answered 201', 'delivered to 12']);
  });

  it('cuts a socket that stops reading once its send buffer passes the cap; the others get every event', async () => {
    const capBytes = 64 * 1024;
    const url = await start({ sendBufferMaxBytes: capBytes });
    const [slowPlayer, finePlayer] = [await asPlayer(app!), await asPlayer(app!)];
    const slow = await open(url, slowPlayer);
    const fine = await open(url, finePlayer);
    slow.ws.pause(); // a tab whose reader stalled: nothing it is sent is read any more
    const text = 'x'.repeat(16 * 1024);
    const chatLines = () => fine.events.filter((e) => e.t === 'chat_message').length;
    let published = 0;
    // The kernel's socket buffers fill first (a few MB on loopback); then the hub's own count grows past the cap.
    // Three lines (48 KB, under the cap) at a time, each round read by the fine tab before the next: the
    // fine tab reads in this same process, and a bigger burst on a loaded machine could pass the cap on
    // its buffer too, cutting the reader that kept up (what CI once saw).
    while (app!.realtime.hub.stats().sockets === 2 && published < 4000) {
      for (let i = 0; i < 3; i++) {
        published += 1;
        app!.realtime.bus.publish({
          audience: { kind: 'everyone' },
          event: {
            t: 'chat_message',
            d: {
              id: published,
              userId: finePlayer.id,
              username: finePlayer.username,
              message: text,
              createdAt: new Date().toISOString(),
            },
          },
        });
      }
      await app!.realtime.hub.drained();
      await expect.poll(chatLines, { timeout: 20_000, interval: 5 }).toBe(published);
    }
    expect(app!.realtime.hub.stats().sockets).toBe(1);
    slow.ws.resume();
    // Cut without a close frame (one would wait behind the full buffer): the tab sees 1006 and reconnects.
    expect((await slow.closed).code).toBe(1006);
    await expect
      .poll(() => fine.events.filter((e) => e.t === 'chat_message').length, { timeout: 20_000 })
      .toBe(published);
    expect(fine.frames.map((f) => f.v)).toEqual(fine.frames.map((_, i) => i + 1));
  });
});
