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

// "Sockets": caps per session and address, upgrade rate (presence batching: fanout.int.test.ts).
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
});

describe('socket errors', () => {
  it('logs an oversize frame as a warning without a stack, and cuts the socket', () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const socket = { terminate: vi.fn() };
    const error = Object.assign(new RangeError('Max payload size exceeded'), {
      code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
    });
    socketErrorHandler(error, socket as unknown as WebSocket, { log } as unknown as FastifyRequest);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(
      { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', reason: 'Max payload size exceeded' },
      expect.any(String),
    );
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('at ');
    expect(socket.terminate).toHaveBeenCalled();
  });
});
