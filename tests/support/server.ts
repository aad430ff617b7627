import { resolve } from 'node:path';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { testConfig } from './config';
import { freshDatabase } from './db';

/** The whole game on a real port (PGlite in memory), serving the built client from dist/client. */
export async function startTestServer(options: { accountsPerIp?: number; config?: Partial<Config> } = {}) {
  const db = await freshDatabase('pglite');
  const app = await buildApp({
    config: testConfig({
      staticDir: resolve('dist/client'),
      accountsPerIp: options.accountsPerIp ?? 0,
      ...options.config,
    }),
    database: db.database,
  });
  const address = await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    /** The database, for tests that must read what the API never shows (the Blockchain's code). */
    db,
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}
