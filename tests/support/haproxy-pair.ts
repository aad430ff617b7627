import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, postgresUrlOf, type TestDatabase } from './db';
import { freePort, startHaproxy, type HaproxyProcess } from './haproxy';
import { oneShot } from './one-shot';
import { spawnServer, type ServerProcess } from './process';

export type InstanceName = 'app1' | 'app2';

export interface HaproxyPair {
  proxy: HaproxyProcess;
  db: TestDatabase;
  /** The running instance of each name (null after a test stopped it and before it starts it again). */
  servers: Record<InstanceName, ServerProcess | null>;
  /** Starts the named instance as a new process on its own port (again after a stop: the same port). */
  start(name: InstanceName): Promise<void>;
  /** Fresh-connection requests until HAProxy has sent one to each instance (both are up for it). */
  bothServing(): Promise<void>;
  /** Stops HAProxy and whatever instance still runs, drops the database and the data folder. */
  close(): Promise<void>;
}

/**
 * deploy/haproxy.cfg in front of two real server processes on one fresh PostgreSQL database and Redis,
 * as an operator runs them; `env` adds to or overrides the instances' environment.
 */
export async function startHaproxyPair(env: Record<string, string> = {}): Promise<HaproxyPair> {
  const db = await freshDatabase('postgres', { max: 4 });
  const dataDir = mkdtempSync(join(tmpdir(), 'bitbreach-haproxy-data-'));
  const ports: Record<InstanceName, number> = { app1: await freePort(), app2: await freePort() };
  const servers: Record<InstanceName, ServerProcess | null> = { app1: null, app2: null };
  const instanceEnv = {
    DATABASE_URL: await postgresUrlOf(db.database),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_CHANNEL: `bitbreach:test:${randomUUID()}`,
    SESSION_SECRET: 'haproxy-test-secret-haproxy-test-secret-01',
    DATA_DIR: dataDir,
    WORKERS: '1',
    TRUST_PROXY: '127.0.0.1',
    ACCOUNTS_PER_IP: '0',
    // Longer than HAProxy needs to see /readyz fail twice (inter 500ms, fall 2).
    DRAIN_DELAY_MS: '2500',
    ...env,
  };
  const start = async (name: InstanceName) => {
    servers[name] = await spawnServer({ ...instanceEnv, PORT: String(ports[name]) });
  };
  await Promise.all([start('app1'), start('app2')]);
  const proxy = await startHaproxy(await freePort(), [
    { name: 'app1', port: ports.app1 },
    { name: 'app2', port: ports.app2 },
  ]);

  async function bothServing(): Promise<void> {
    const seen = new Set<string>();
    const until = Date.now() + 60_000;
    while (seen.size < 2) {
      if (Date.now() > until) throw new Error(`HAProxy never used both instances:\n${proxy.output()}`);
      const res = await oneShot(proxy.url, 'GET', '/readyz').catch(() => null);
      const servedBy = res?.status === 200 ? res.headersServedBy : undefined;
      if (servedBy) seen.add(servedBy);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await bothServing();

  return {
    proxy,
    db,
    servers,
    start,
    bothServing,
    async close() {
      await proxy.stop();
      for (const server of Object.values(servers)) {
        if (server && server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.exited.catch(() => undefined);
        }
      }
      await db.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
