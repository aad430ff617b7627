import { resolve } from 'node:path';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { testConfig } from './config';
import { freshDatabase, type TestDatabase } from './db';

export interface TestServerOptions {
  accountsPerIp?: number;
  config?: Partial<Config>;
  random?: () => number;
  intrusionTimeLimitMs?: number;
  /** The server's clock, for a test that moves time past a cooldown instead of waiting it out. */
  now?: () => number;
}

/**
 * The whole game on a real port (PGlite in memory), serving the built client from dist/client.
 * `random` replaces the server's random source (a browser test scripts a core opening with it);
 * `database` is the server's own handle, for fixtures that go through a service (the grant tool's).
 * Given `db` and `port` (a restart), it serves that database on that port and leaves the database open on close.
 */
export async function startTestServer(options: TestServerOptions & { db?: TestDatabase; port?: number } = {}) {
  const db = options.db ?? (await freshDatabase('pglite'));
  const app = await buildApp({
    config: testConfig({
      staticDir: resolve('dist/client'),
      accountsPerIp: options.accountsPerIp ?? 0,
      ...options.config,
    }),
    database: db.database,
    ...(options.random ? { random: options.random } : {}),
    ...(options.intrusionTimeLimitMs ? { intrusionTimeLimitMs: options.intrusionTimeLimitMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const address = await app.fastify.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    database: db.database,
    /** The database, for tests that must read what the API never shows (the Blockchain's code). */
    db,
    async close() {
      await app.close();
      if (!options.db) await db.dispose();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * A test server that goes away and comes back as a deploy or a crash does: stop() closes every socket
 * and connection and the port stops answering; start() builds a new server process state (sessions
 * cache, hub, jobs) on the SAME database and the SAME port, so the browser's cookies and URL still hold.
 */
export async function startRestartableTestServer(options: TestServerOptions = {}) {
  const db = await freshDatabase('pglite');
  let current: TestServer | null = await startTestServer({ ...options, db });
  const url = current.url;
  const port = Number(new URL(url).port);
  return {
    url,
    db,
    /** The running server (throws while it is stopped). */
    get server(): TestServer {
      if (!current) throw new Error('the test server is stopped');
      return current;
    },
    async stop() {
      const running = current;
      current = null;
      await running?.close();
    },
    async start() {
      if (current) return;
      current = await startTestServer({ ...options, db, port });
    },
    async close() {
      await this.stop();
      await db.dispose();
    },
  };
}
