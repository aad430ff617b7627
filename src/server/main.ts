import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { infra } from '../core/infra';
import { buildApp } from './app';
import { planWorkers } from './cluster/plan';
import { runPrimary } from './cluster/primary';
import { tagAnswersWithWorker } from './cluster/worker-tag';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/connect';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { createLogOutput } from './log-output';
import { shutDownWithin } from './shutdown';

/** Reads config, opens the database, builds the app, listens, and shuts down cleanly on signals. */
async function main(): Promise<void> {
  // Read first in the primary too: a generated session secret is written once, before any worker reads it.
  const config = loadConfig();
  const plan = planWorkers(process.env.WORKERS, config.database.kind, availableParallelism());
  if (cluster.isPrimary && plan.count > 1) {
    runPrimary({ count: plan.count, where: 'PostgreSQL', drainDelayMs: config.drainDelayMs ?? 0 });
    return;
  }
  if (plan.notice) console.log(plan.notice);
  let database;
  try {
    database = await createDb(config.database);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // process.stdout first: it puts a pipe into non-blocking mode, so a full one answers EAGAIN instead of blocking a thread.
  const logOutput = createLogOutput(process.stdout.fd, infra.logQueueMaxBytes);
  let app;
  try {
    await migrate(database);
    app = await buildApp({ config, database, logStream: logOutput.stream });
    if (cluster.isWorker) tagAnswersWithWorker(app.fastify, cluster.worker!.id);
  } catch (error) {
    // Release the data folder (and its lock) before reporting, so a fixed start can reopen it.
    await database.close();
    throw error;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Draining: /readyz says 503 first, so the load balancer moves new work elsewhere; then the
    // server stops accepting, closes sockets with 1001 (the client reconnects to another instance),
    // lets requests and queued tap groups in flight commit, and exits. Whatever is still pending
    // after the grace period is abandoned: the process exits and its data folder is free (ADR 048).
    const drainDelayMs = config.drainDelayMs ?? 0;
    const steps = async () => {
      app.fastify.log.info({ signal, drainDelayMs }, 'draining');
      app.startDraining();
      if (drainDelayMs) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
      app.fastify.log.info({ signal }, 'shutting down');
      await app.close();
      await database.close();
      await logOutput.flush(infra.logFlushOnExitMs);
    };
    void shutDownWithin(
      drainDelayMs + infra.shutdownGraceMs,
      steps,
      (code) => process.exit(code),
      (error) => app.fastify.log.error({ signal, error: String(error) }, 'shutdown failed'),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // A worker whose primary is gone (killed) drains and exits rather than serve on alone.
  if (cluster.isWorker) process.on('disconnect', () => shutdown('primary gone'));
  const address = await app.fastify.listen({ port: config.port, host: config.host });
  app.jobs.start();
  const where = config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${config.database.dataDir}`;
  const port = new URL(address).port;
  // One plain line operators (and the durability tests) can read, whatever the log level; a
  // cluster's primary prints it once every worker listens.
  if (!cluster.isWorker) console.log(`Bitbreach is up on http://localhost:${port} (${where})`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
