import { buildTestApp, type TestApp } from './app';
import type { DriverKind } from './db';
import { openSocket, type TestSocket } from './socket';

export interface ListeningTestApp extends TestApp {
  /** http://127.0.0.1:port of the listening app. */
  url: string;
  /** Opens a socket as a tab of the player with this cookie; closed with the app. */
  socket(cookie: string, headers?: Record<string, string>): Promise<TestSocket>;
}

/**
 * The test app (injected clock, seeded random) on a real port, for tests that open sockets: every socket
 * opened through `socket()` is closed before the app and its database.
 */
export async function listeningTestApp(
  kind: DriverKind,
  options: Parameters<typeof buildTestApp>[1] = {},
): Promise<ListeningTestApp> {
  const app = await buildTestApp(kind, options);
  const url = (await app.fastify.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const sockets: TestSocket[] = [];
  return {
    ...app,
    url,
    async socket(cookie, headers = {}) {
      const s = await openSocket(url, cookie, headers);
      sockets.push(s);
      return s;
    },
    async close() {
      await Promise.all(sockets.map((s) => s.close()));
      await app.close();
    },
  };
}
