/**
 * `npm run bench`: one run, one machine, three yardsticks for POST /api/game/tap-batch.
 *
 *  (a) a constant JSON route (POST /api/bench/constant) added to the SAME Fastify instance, hit
 *      signed in with cookie, CSRF header and a tap-sized JSON body, so it pays every hook;
 *  (b) pgbench: single-row UPDATE transactions/s on the same PostgreSQL, 8 clients;
 *  (c) tap-batch for 1,000 distinct players registered through the real register route, first
 *      closed-loop (the peak), then open-loop at half that rate (p99 target <= 50 ms); on
 *      PostgreSQL (a scratch database) and on PGlite (in memory).
 *
 * Process layout: the game server runs in a child process (bench/server-process.ts) and this
 * process generates the load. On a 2-core machine a load generator sharing the server's event
 * loop would steal the very thread being measured; in its own process it uses the other core.
 * The server reports its CPU time and event-loop utilisation per phase over IPC, and the
 * generator reports its own, so the output can say which of them (or PostgreSQL) was the limit.
 *
 * Pacing: the server's tap bucket allows a 20-decode burst and 1.5 decodes/s. Each player sends
 * tapCount 1 with a fresh batchTimestamp, has at most one request in flight, and is skipped while
 * a conservative copy of their bucket is empty — so 423s stay ~0 and are counted if they happen.
 *
 * Safety: only 127.0.0.1 is targeted; every phase is time-boxed; scratch databases are dropped
 * at the end, on error and on Ctrl-C; a hard deadline ends a stuck run.
 */
import { availableParallelism, loadavg } from 'node:os';
import { benchConfig } from './config';
import { benchDriver, type DriverResult } from './driver-bench';
import { runPgbench } from './pgbench';
import { computeRatios, explainLimits, printReport, writeResults, type BenchResults } from './report';
import { describePostgres, dropAllScratchDbs } from './scratch-db';
import { killStartedServers } from './server-handle';

async function cleanUp(): Promise<void> {
  killStartedServers();
  await dropAllScratchDbs(benchConfig.pgAdminUrl);
}

function abortOn(reason: string): void {
  console.error(`\nbench aborted: ${reason}; cleaning up...`);
  void cleanUp().finally(() => process.exit(1));
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const deadline = setTimeout(() => abortOn(`deadline of ${benchConfig.deadlineMs / 1000} s passed`), benchConfig.deadlineMs);
  deadline.unref();
  process.once('SIGINT', () => abortOn('SIGINT'));
  process.once('SIGTERM', () => abortOn('SIGTERM'));

  const cores = availableParallelism();
  const environment: Record<string, unknown> = {
    node: process.version,
    cores,
    loadAverageAtStart: loadavg().map((l) => l.toFixed(2)).join(' '),
    ...Object.fromEntries(Object.entries(await describePostgres(benchConfig.pgAdminUrl)).map(([k, v]) => [`postgres ${k}`, v])),
    players: benchConfig.players,
    tapCountPerBatch: benchConfig.tapCount,
    phaseSeconds: benchConfig.phaseMs / 1000,
  };

  const { clients, threads, seconds, scale } = benchConfig.pgbench;
  console.error(`(b) pgbench: ${clients} clients, ${seconds} s...`);
  const pgbench = await runPgbench(benchConfig.pgAdminUrl, { clients, threads, seconds, scale });
  console.error(`  ${pgbench.tps.toFixed(0)} tps`);

  const drivers: DriverResult[] = [];
  for (const driver of benchConfig.drivers) drivers.push(await benchDriver(driver, benchConfig));

  environment.loadAverageAtEnd = loadavg().map((l) => l.toFixed(2)).join(' ');
  const results: BenchResults = {
    startedAt: startedAt.toISOString(),
    durationS: (Date.now() - startedAt.getTime()) / 1000,
    environment,
    pgbench,
    drivers,
    ratios: computeRatios(pgbench, drivers),
    limits: explainLimits(drivers, cores),
  };
  printReport(results);
  console.log(`\nJSON written to ${writeResults(results)}`);
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
