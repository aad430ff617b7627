import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { HubLimits } from '../../src/server/realtime/hub';
import type { Player } from './app';
import { testConfig } from './config';
import { freshDatabase, type TestDatabase } from './db';

export interface Instances {
  apps: App[];
  urls: string[];
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * Several server instances on real ports sharing one PostgreSQL database and one Redis, as behind
 * a load balancer. Each call gets its own Redis channel, so parallel test runs never hear each other.
 * `redisUrl` may give each instance its own address (a proxy the test can cut, one per instance);
 * `options` adds config (trustProxy, say) and socket limits to every instance.
 */
export async function startInstances(
  count: number,
  redisUrl: string | string[],
  options: { config?: Partial<Config>; limits?: Partial<HubLimits> } = {},
): Promise<Instances> {
  const db = await freshDatabase('postgres', { max: 20 });
  const channel = `bitbreach:test:${randomUUID()}`;
  const apps: App[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const url = Array.isArray(redisUrl) ? redisUrl[i]! : redisUrl;
    const realtime = { channel, ...(options.limits ? { limits: options.limits } : {}) };
    const app = await buildApp({
      config: testConfig({ ...options.config, redisUrl: url }),
      database: db.database,
      realtime,
    });
    urls.push(await app.fastify.listen({ port: 0, host: '127.0.0.1' }));
    apps.push(app);
  }
  let timer: NodeJS.Timeout | undefined;
  const unreachable = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `Redis not reachable at ${redisUrl}: start it (redis-server --daemonize yes) or set TEST_REDIS_URL`,
          ),
        ),
      10_000,
    );
  });
  try {
    await Promise.race([Promise.all(apps.map((app) => app.realtime.bus.ready())), unreachable]);
  } catch (error) {
    for (const app of apps) await app.close();
    await db.dispose();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    apps,
    urls,
    db,
    async close() {
      for (const app of apps) await app.close();
      await db.dispose();
    },
  };
}

/** Sends a request as `player` to any instance (the session lives in the shared database). */
export function via(
  app: App,
  player: Player,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.fastify.inject({
    method,
    url,
    headers: { cookie: player.cookie, 'x-csrf-token': player.csrfToken },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}
