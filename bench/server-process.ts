// The game server under test, in its own process: the real buildApp with every plugin, on a
// fresh database, plus one constant route. It answers the orchestrator over IPC with its own CPU
// time, event-loop utilisation and transaction counts, so each phase can say what limited it.
import cluster from 'node:cluster';
import net from 'node:net';
import { openSync } from 'node:fs';
import { infra } from '../src/core/infra';
import { createLogOutput } from '../src/server/log-output';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb, type Database, type DbConfig } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { requireAuth } from '../src/server/http/session';
import { logLikeFastifyDefault } from './fastify-default-log';
import { runBenchPrimary } from './server-cluster';
import { installProbes } from './server-probes';
import type { ServerMessage, ServerStats, ParentMessage, ServerProbes } from './server-protocol';

const constantAnswer = { ok: true, message: 'constant' } as const;

function databaseConfig(): DbConfig {
  if (process.env.BENCH_DRIVER === 'postgres') {
    const url = process.env.BENCH_DB_URL;
    if (!url) throw new Error('BENCH_DB_URL is required for the postgres driver');
    return { kind: 'postgres', url };
  }
  // In memory: the bench measures the engine, not this machine's disk.
  return { kind: 'pglite', dataDir: null };
}

/**
 * Counts top-level transactions and their wall time. During the tap phases these are the
 * group-commit transactions (sessions are read outside transactions), so requests ÷ count is
 * the mean group size.
 */
function countTransactions(database: Database): { count: number; totalMs: number } {
  const counter = { count: 0, totalMs: 0 };
  const db = database.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const original = db.transaction.bind(db);
  db.transaction = async (...args: unknown[]) => {
    const startedAt = performance.now();
    counter.count += 1;
    try {
      return await original(...args);
    } finally {
      counter.totalMs += performance.now() - startedAt;
    }
  };
  return counter;
}

/**
 * Counts socket writes to PostgreSQL's port: postgres.js flushes what a connection has to send once
 * per turn of the event loop, so a write is a round trip (statements pipelined together share one).
 * Unlike CPU time, this does not grow when other processes crowd the machine (ADR 078).
 */
function countDbWrites(): { count: number } {
  const counter = { count: 0 };
  const port = Number(new URL(process.env.BENCH_DB_URL || 'postgres://x:5432').port || 5432);
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === port) counter.count += 1;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof write;
  return counter;
}

function tell(message: ServerMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  // BENCH_WORKERS=n (startServer's `workers`): n worker processes on one port, like WORKERS=n npm start.
  const workers = Number(process.env.BENCH_WORKERS || '1');
  if (cluster.isPrimary && workers > 1) return runBenchPrimary(workers);
  // The real config loader with a synthetic environment: no per-IP account cap, generous login
  // limits, silent logs, no static files, and nothing from the caller's environment leaking in.
  const config = {
    ...loadConfig({
      DATA_DIR: join(tmpdir(), 'bitbreach-bench-unused'),
      // A run that restarts its server (the market part) passes one secret, so sessions outlive the restart.
      SESSION_SECRET: process.env.BENCH_SESSION_SECRET || randomBytes(32).toString('base64url'),
      ACCOUNTS_PER_IP: '0',
      REGISTRATIONS_PER_IP: '1000000',
      LOGIN_ATTEMPTS_PER_IP: '1000000',
      LOGIN_ATTEMPTS_PER_LOGIN_ID: '1000000',
      // BENCH_LOG (bench/log-cost.ts): 'line' and 'fastify' log at info to /dev/null through the production output;
      // 'silent' logs nothing (log-cost's baseline); otherwise errors reach the bench's output, so a 500 says why.
      LOG_LEVEL:
        process.env.BENCH_LOG === 'line' || process.env.BENCH_LOG === 'fastify'
          ? 'info'
          : process.env.BENCH_LOG === 'silent'
            ? 'silent'
            : 'error',
      // Two children given the same Redis (and database) share one bus channel: the Kernel's cross-instance fan-out.
      ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
      // The soak (bench/soak.ts) gives each player a loopback address of its own through X-Forwarded-For.
      ...(process.env.BENCH_TRUST_PROXY ? { TRUST_PROXY: process.env.BENCH_TRUST_PROXY } : {}),
      // The bench measures peaks, so it sheds nothing; the soak (BENCH_SHED=production) keeps the defaults (ADR 072).
      ...(process.env.BENCH_SHED === 'production'
        ? {}
        : { SHED_MAX_IN_FLIGHT: '0', SHED_MAX_LOOP_DELAY_MS: '0', SHED_TARGET_LATENCY_MS: '0' }),
      // SHED_* given to the bench or the soak reach the server as an operator's would.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('SHED_'))),
    }),
    host: '127.0.0.1',
    port: 0,
    staticDir: null,
    database: databaseConfig(),
  };
  const database = await createDb(config.database);
  await migrate(database);
  const transactions = countTransactions(database);
  const dbWrites = countDbWrites();
  // Every simulated player connects from 127.0.0.1: the per-address socket caps would stop the bench, not a player.
  const app = await buildApp({
    config,
    database,
    realtime: { limits: { socketsPerAddress: Number.MAX_SAFE_INTEGER, upgradesPerAddress: Number.MAX_SAFE_INTEGER } },
    ...(config.logLevel === 'info'
      ? { logStream: createLogOutput(openSync('/dev/null', 'w'), infra.logQueueMaxBytes).stream }
      : {}),
  });
  if (process.env.BENCH_LOG === 'fastify') logLikeFastifyDefault(app.fastify);

  // (a) the same instance, plugins and hooks (session lookup, CSRF, JSON body parser) as
  // tap-batch; only the handler differs.
  app.fastify.post('/api/bench/constant', async (request) => {
    requireAuth(request);
    return constantAnswer;
  });
  // The realtime part's counters (request paths, socket frames, fan-out stamps); off for the tap phases.
  const readProbes: (() => ServerProbes) | null = process.env.BENCH_PROBES === '1' ? installProbes(app) : null;
  await app.fastify.listen({ host: '127.0.0.1', port: 0 });
  const address = app.fastify.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');

  let closing = false;
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') {
      const cpu = process.cpuUsage();
      const elu = performance.eventLoopUtilization();
      const stats: ServerStats = {
        cpuUserUs: cpu.user,
        cpuSystemUs: cpu.system,
        eluActiveMs: elu.active,
        eluIdleMs: elu.idle,
        transactions: transactions.count,
        transactionMs: transactions.totalMs,
        dbWrites: dbWrites.count,
        rssBytes: process.memoryUsage().rss,
      };
      tell({ type: 'stats', id: message.id, stats });
    } else if (message.type === 'probes') {
      tell({ type: 'probes', id: message.id, probes: readProbes ? readProbes() : null });
    } else if (message.type === 'close' && !closing) {
      closing = true;
      void (async () => {
        await app.close();
        await database.close();
        tell({ type: 'closed' });
        process.exit(0);
      })();
    }
  });
  // An orphaned server (or a worker whose bench primary is gone) must not outlive the orchestrator.
  process.on('disconnect', () => process.exit(0));
  tell({ type: 'ready', port: address.port });
}

main().catch((error: unknown) => {
  tell({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
