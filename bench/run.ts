/**
 * `npm run bench`: one run, one machine, three yardsticks for POST /api/game/tap-batch,
 * then the realtime figures (see the end of this comment).
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
 * Realtime (bench/realtime-bench.ts), on a server child of its own:
 *  chat fan-out: 2,000 open /ws sockets, 50 chat lines posted through the real route; latency
 *      from just before each POST to each socket's chat_message, p50/p99/max, missing deliveries;
 *  idle requests: what idle Mainframe tabs cost per player-minute with the socket up versus the
 *      spec's polling (with and without its CSRF-token fetch before each read), counted by the server.
 * Market (bench/market-bench.ts): 1,000 players and 10,000 listings on PostgreSQL; buy
 *      throughput against the constant route, and the first marketplace page cold and warm.
 * Background work (bench/drone-bench.ts): 10,000 active drones, steps/s and due lag beside tap-batch.
 * Blockchain (bench/blockchain-bench.ts): 1,000 players guessing at the shared boss on
 *      PostgreSQL against the constant route, then all of them sending the right code at once.
 * Kernel (bench/kernel-bench.ts, kernel-loop.ts, kernel-fanout.ts, kernel-frames.ts): snapshot size and serve time,
 *      purchases/s against the constant route, the server's longest event-loop hold and /api/health's p99
 *      while scripts buy and fetch in a loop on 150,000 random-colour bits, grid_update fan-out from a
 *      purchase to 2,000 sockets on the same instance and from a second instance through Redis, and
 *      Chromium's frame intervals.
 * Terminal (bench/terminal-bench.ts): ssh + ls + hack round trips for 1,000 players on
 *      PostgreSQL against the constant route in the same run.
 * First load (bench/first-load-bench.ts): bundle sizes per chunk (raw/gzip/brotli), the login
 *      screen's initial JavaScript, and Lighthouse mobile scores for the login screen and the Mainframe.
 * Spending routes (bench/spend-bench.ts): every route that spends, one server, against the constant route.
 * Serialisation (bench/serialize-bench.ts): the compiled serializer against JSON.stringify on the marketplace page,
 *      the leaderboard of 30 and the user view, beside the signed-in constant route, in-process CPU time.
 * BENCH_ONLY=tap, realtime, market, drone, blockchain, kernel, terminal, firstload, spend, serialize runs one part (written to results/latest.<part>.json).
 *
 * Safety: only 127.0.0.1 is targeted; every phase is time-boxed; scratch databases are dropped
 * at the end, on error and on Ctrl-C; a hard deadline ends a stuck run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { benchBlockchain, type BlockchainBenchResult } from './blockchain-bench';
import { benchConfig } from './config';
import { benchDriver, type DriverResult } from './driver-bench';
import { benchMarket, printMarket, type MarketResult } from './market-bench';
import { benchDrone } from './drone-bench';
import { benchFirstLoad } from './first-load-bench';
import { fileURLToPath } from 'node:url';
import { benchKernel } from './kernel-bench';
import { benchKernelFanout } from './kernel-fanout';
import { benchKernelFrames } from './kernel-frames';
import { benchKernelLoop } from './kernel-loop';
import { runPgbench, type PgbenchResult } from './pgbench';
import { benchRealtime, type RealtimeResult } from './realtime-bench';
import { benchSerialize } from './serialize-bench';
import { benchTerminal, type TerminalBenchResult } from './terminal-bench';
import { benchSpend, printSpend, writeSpend } from './spend-bench';
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

/** The soft limit on open files of this process (each socket is one), from /proc; null without /proc. */
function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

/**
 * The generator holds one descriptor per socket, and so does the server child (which inherits
 * the same limit); fail early with a clear message rather than with EMFILE half-way.
 */
function assertSocketBudget(sockets: number): void {
  const limit = openFileLimit();
  const needed = sockets + 200; // plus the HTTP agents, PostgreSQL pool, pipes, files
  if (limit !== null && limit < needed) {
    throw new Error(
      `ulimit -n is ${limit}; ${sockets} sockets need about ${needed} descriptors in each process (raise it with ulimit -n ${needed * 2})`,
    );
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const deadline = setTimeout(
    () => abortOn(`deadline of ${benchConfig.deadlineMs / 1000} s passed`),
    benchConfig.deadlineMs,
  );
  deadline.unref();
  process.once('SIGINT', () => abortOn('SIGINT'));
  process.once('SIGTERM', () => abortOn('SIGTERM'));

  const cores = availableParallelism();
  const { parts } = benchConfig;
  const environment: Record<string, unknown> = {
    node: process.version,
    cores,
    loadAverageAtStart: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    ...Object.fromEntries(
      Object.entries(await describePostgres(benchConfig.pgAdminUrl)).map(([k, v]) => [`postgres ${k}`, v]),
    ),
    ...(parts.includes('tap')
      ? {
          players: benchConfig.players,
          tapCountPerBatch: benchConfig.tapCount,
          phaseSeconds: benchConfig.phaseMs / 1000,
        }
      : {}),
    ...(parts.includes('realtime') ? { 'ulimit -n (this process)': openFileLimit() } : {}),
  };

  let pgbench: PgbenchResult | undefined;
  const drivers: DriverResult[] = [];
  if (parts.includes('tap')) {
    const { clients, threads, seconds, scale } = benchConfig.pgbench;
    console.error(`(b) pgbench: ${clients} clients, ${seconds} s...`);
    pgbench = await runPgbench(benchConfig.pgAdminUrl, { clients, threads, seconds, scale });
    console.error(`  ${pgbench.tps.toFixed(0)} tps`);
    for (const driver of benchConfig.drivers) {
      for (const workers of driver === 'postgres' ? benchConfig.postgresWorkers : [1])
        drivers.push(await benchDriver(driver, benchConfig, workers));
    }
  }
  let realtime: RealtimeResult | undefined;
  if (parts.includes('realtime')) {
    assertSocketBudget(benchConfig.realtime.sockets);
    realtime = await benchRealtime(benchConfig);
  }

  let market: MarketResult | undefined;
  if (parts.includes('market')) market = await benchMarket(benchConfig);
  // Background drone steps beside the decode route (prints and writes results/latest.background.json).
  if (parts.includes('drone')) await benchDrone(benchConfig.pgAdminUrl);
  let blockchain: BlockchainBenchResult | undefined;
  if (parts.includes('blockchain')) blockchain = await benchBlockchain(benchConfig);
  let terminal: TerminalBenchResult | undefined;
  if (parts.includes('terminal')) terminal = await benchTerminal(benchConfig);
  if (parts.includes('kernel')) {
    // Printed and written on its own (results/latest.kernel.json), beside the report below.
    // BENCH_KERNEL_SKIP_SERVER / _LOOP / _FANOUT / _FRAMES leave out a sub-part (the file then lacks its figures).
    if (!process.env.BENCH_KERNEL_SKIP_FANOUT) assertSocketBudget(benchConfig.realtime.sockets);
    const kernel = {
      ...(process.env.BENCH_KERNEL_SKIP_SERVER ? {} : await benchKernel(benchConfig)),
      ...(process.env.BENCH_KERNEL_SKIP_LOOP ? {} : { buyAndFetchLoop: await benchKernelLoop(benchConfig) }),
      ...(process.env.BENCH_KERNEL_SKIP_FANOUT
        ? {}
        : {
            fanout: await benchKernelFanout(benchConfig),
            loadAverageAfterFanout: loadavg()
              .map((l) => l.toFixed(2))
              .join(' '),
          }),
      ...(process.env.BENCH_KERNEL_SKIP_FRAMES ? {} : { frames: await benchKernelFrames() }),
    };
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    console.log(`\nKernel\n${JSON.stringify(kernel, null, 2)}`);
    writeFileSync(
      `${dir}latest.kernel.json`,
      `${JSON.stringify({ startedAt: startedAt.toISOString(), kernel }, null, 2)}\n`,
    );
    if (parts.length === 1) return;
  }

  if (parts.includes('spend')) {
    // Printed and written on its own (results/latest.spend.json): every spending route against the constant route.
    const spend = await benchSpend(benchConfig);
    printSpend(spend);
    writeSpend(spend);
    if (parts.length === 1) return;
  }

  if (parts.includes('serialize')) {
    // Printed and written on its own (results/latest.serialize.json); a few seconds, no database server.
    await benchSerialize();
    if (parts.length === 1) return;
  }

  if (parts.includes('firstload')) {
    // Printed and written on its own (results/latest.firstload.json).
    await benchFirstLoad();
    if (parts.length === 1) return;
  }

  environment.loadAverageAtEnd = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const results: BenchResults & { blockchain?: BlockchainBenchResult; terminal?: TerminalBenchResult } = {
    startedAt: startedAt.toISOString(),
    durationS: (Date.now() - startedAt.getTime()) / 1000,
    environment,
    parts,
    ...(pgbench ? { pgbench } : {}),
    drivers,
    ...(realtime ? { realtime } : {}),
    ...(market ? { market } : {}),
    ...(blockchain ? { blockchain } : {}),
    ...(terminal ? { terminal } : {}),
    ratios: computeRatios(pgbench, drivers, realtime),
    limits: explainLimits(drivers, cores, realtime),
  };
  printReport(results);
  if (market) printMarket(market);
  console.log(`\nJSON written to ${writeResults(results)}`);
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
