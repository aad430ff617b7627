import { resolve } from 'node:path';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { testConfig } from './config';
import { freshDatabase } from './db';

/**
 * The whole game on a real port (PGlite in memory), serving the built client from dist/client.
 * `random` replaces the server's random source (a browser test scripts a core opening with it);
 * `database` is the server's own handle, for fixtures that go through a service (the grant tool's).
 */
export async function startTestServer(options: { accountsPerIp?: number; config?: Partial<Config>; random?: () => number; intrusionTimeLimitMs?: number } = {}) {
  const db = await freshDatabase('pglite');
  const app = await buildApp({
    config: testConfig({
      staticDir: resolve('dist/client'),
      accountsPerIp: options.accountsPerIp ?? 0,
      ...options.config,
    }),
    database: db.database,
    ...(options.random ? { random: options.random } : {}),
    ...(options.intrusionTimeLimitMs ? { intrusionTimeLimitMs: options.intrusionTimeLimitMs } : {}),
  });
  const address = await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    database: db.database,
    /** The database, for tests that must read what the API never shows (the Blockchain's code). */
    db,
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}
