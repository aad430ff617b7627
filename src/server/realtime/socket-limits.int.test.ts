import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { asPlayer, type Player } from '../../../tests/support/app';
import { testConfig } from '../../../tests/support/config';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { handshakeStatus, openSocket, type TestSocket } from '../../../tests/support/socket';
import { buildApp, type App } from '../app';
import type { HubLimits } from './hub';
import { socketErrorHandler } from './ws-routes';

// Issue 6 item 8 "Sockets": caps per session and address, upgrade rate, presence coalescing.
describe.each(drivers)('socket limits [%s]', (driver) => {
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
    const url = await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    return url;
  }
  const open = async (url: string, p: Player) => {
    const s = await openSocket(url, p.cookie);
    sockets.push(s);
    return s;
  };
  const status = (url: string, p: Player) => handshakeStatus(url, { cookie: p.cookie, origin: url });

  it('refuses the 9th socket of one session with 429, and takes a new one once a tab closes', async () => {
    const url = await start();
    const p = await asPlayer(app!);
    for (let i = 0; i < 8; i++) await open(url, p);
    expect(await status(url, p)).toBe(429);
    await sockets.pop()!.close();
    await expect.poll(() => app!.realtime.hub.stats().sockets).toBe(7);
    await open(url, p);
    expect(app!.realtime.hub.stats().sockets).toBe(8);
  });

  it('caps open sockets per address and upgrades per address with 429', async () => {
    const url = await start({ socketsPerAddress: 3, upgradesPerAddress: 5 });
    const players = [await asPlayer(app!), await asPlayer(app!), await asPlayer(app!), await asPlayer(app!)];
    for (const p of players.slice(0, 3)) await open(url, p);
    expect(await status(url, players[3]!)).toBe(429);
    await sockets.pop()!.close();
    await expect.poll(() => app!.realtime.hub.stats().sockets).toBe(2);
    await open(url, players[3]!); // the 5th upgrade from this address in the window
    await sockets.pop()!.close();
    expect(await status(url, players[3]!)).toBe(429); // the 6th: past the upgrade rate
  });

  it('coalesces presence: 4 players reconnecting in a loop send a watcher nothing more until the next flush, not a frame per change', async () => {
    const url = await start({ presenceFlushMs: 60_000 });
    const watcher = await asPlayer(app!);
    const watching = await open(url, watcher);
    const flappers = await Promise.all(Array.from({ length: 4 }, () => asPlayer(app!)));
    await Promise.all(
      flappers.map(async (p) => {
        for (let i = 0; i < 10; i++) {
          const s = await openSocket(url, p.cookie);
          await s.close();
        }
      }),
    );
    await app!.realtime.hub.settled();
    // 80 presence changes happened; the first went out at once, the rest wait for the next flush.
    const frames = watching.events.filter((e) => e.t === 'presence.changed');
    expect(frames.length).toBeLessThanOrEqual(1);
  });

  it('still delivers the latest presence state after a burst', async () => {
    const url = await start({ presenceFlushMs: 200 });
    const watching = await open(url, await asPlayer(app!));
    const p = await asPlayer(app!);
    for (let i = 0; i < 5; i++) await (await openSocket(url, p.cookie)).close();
    const stays = await open(url, p);
    expect(stays).toBeDefined();
    await app!.realtime.hub.settled();
    await expect
      .poll(() => watching.events.filter((e) => e.t === 'presence.changed' && e.d.userId === p.id).at(-1)?.d, { timeout: 5000 })
      .toEqual({ userId: p.id, isOnline: true });
  });
});

describe('socket errors', () => {
  it('logs an oversize frame as a warning without a stack, and cuts the socket', () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const socket = { terminate: vi.fn() };
    const error = Object.assign(new RangeError('Max payload size exceeded'), { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    socketErrorHandler(error, socket as unknown as WebSocket, { log } as unknown as FastifyRequest);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith({ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', reason: 'Max payload size exceeded' }, expect.any(String));
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('at ');
    expect(socket.terminate).toHaveBeenCalled();
  });
});
