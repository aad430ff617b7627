import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchConfig, Driver } from './config';
import { createTarget, type Target } from './http-client';
import { runClosedLoop, runOpenLoop } from './load';
import { PlayerPicker, registerPlayers } from './players';
import { cpuBetween, readCpu } from './proc-cpu';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer, type ServerHandle } from './server-handle';
import { constantShots, prepareTapBodies, tapBatchShots } from './shots';
import type { LoadSummary } from './stats';

export interface PhaseResult extends LoadSummary {
  name: string;
  mode: string;
  offeredPerS?: number;
  maxSendLagMs?: number;
  /** CPU of the server process as a share of one core (100 = one core fully busy). */
  serverCpuPct: number;
  serverCpuUsPerRequest: number;
  /** Event-loop utilisation of the server: near 100 % means its one JS thread is the bottleneck. */
  serverEluPct: number;
  transactionsPerS: number;
  meanTransactionMs: number;
  requestsPerTransaction: number;
  /** Socket writes to PostgreSQL per answered request: round trips, whatever else loads the machine. */
  dbWritesPerRequest: number;
  loadGeneratorCpuPct: number;
  /** PostgreSQL backends of the bench database plus its WAL writer/checkpointer, % of one core. */
  postgresCpuPct: number | null;
  /** Whatever else ran on the machine meanwhile (other test runs), % of one core. */
  otherCpuPct: number | null;
  machineBusyPct: number | null;
}

export interface DriverResult {
  driver: Driver;
  /** Server processes on the one port (node:cluster, as WORKERS=n); 1 = a single process. */
  workers: number;
  /** The driver and worker count, as the tables show it. */
  label: string;
  storage: string;
  players: number;
  registerS: number;
  constant: PhaseResult;
  tapPeak: PhaseResult;
  tapHalf: PhaseResult;
}

/** Runs `load` and attributes CPU (server, load generator, machine) and transactions to it. */
export async function measure<T extends LoadSummary>(
  server: ServerHandle,
  databaseName: string | null,
  name: string,
  mode: string,
  load: () => Promise<T>,
): Promise<PhaseResult> {
  const before = {
    server: await server.stats(),
    self: process.cpuUsage(),
    machine: readCpu(databaseName),
    at: performance.now(),
  };
  const summary = await load();
  const after = {
    server: await server.stats(),
    self: process.cpuUsage(before.self),
    machine: readCpu(databaseName),
    at: performance.now(),
  };
  const wallUs = (after.at - before.at) * 1000;
  const serverCpuUs =
    after.server.cpuUserUs + after.server.cpuSystemUs - before.server.cpuUserUs - before.server.cpuSystemUs;
  const eluActive = after.server.eluActiveMs - before.server.eluActiveMs;
  const eluTotal = eluActive + after.server.eluIdleMs - before.server.eluIdleMs;
  const transactions = after.server.transactions - before.server.transactions;
  const answered = summary.ok + summary.refused423;
  const serverCpuPct = (100 * serverCpuUs) / wallUs;
  const loadGeneratorCpuPct = (100 * (after.self.user + after.self.system)) / wallUs;
  const { machineBusyPct, postgresPct } = cpuBetween(before.machine, after.machine, wallUs / 1e6);
  const otherCpuPct =
    machineBusyPct === null
      ? null
      : machineBusyPct * availableParallelism() - serverCpuPct - loadGeneratorCpuPct - (postgresPct ?? 0);
  const result: PhaseResult = {
    name,
    mode,
    ...summary,
    serverCpuPct,
    serverCpuUsPerRequest: summary.completed ? serverCpuUs / summary.completed : NaN,
    serverEluPct: eluTotal > 0 ? (100 * eluActive) / eluTotal : NaN,
    transactionsPerS: transactions / summary.wallS,
    meanTransactionMs: transactions ? (after.server.transactionMs - before.server.transactionMs) / transactions : NaN,
    requestsPerTransaction: transactions ? answered / transactions : NaN,
    dbWritesPerRequest: summary.completed ? (after.server.dbWrites - before.server.dbWrites) / summary.completed : NaN,
    loadGeneratorCpuPct,
    postgresCpuPct: databaseName ? postgresPct : null,
    otherCpuPct: otherCpuPct === null ? null : Math.max(0, otherCpuPct),
    machineBusyPct,
  };
  console.error(
    `  ${name}: ${result.okPerS.toFixed(0)} ok/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ` +
      `423 ${result.refused423}, errors ${Object.values(result.otherStatuses).reduce((a, b) => a + b, 0) + result.networkErrors}`,
  );
  return result;
}

async function runPhases(
  server: ServerHandle,
  driver: Driver,
  workers: number,
  databaseName: string | null,
  config: BenchConfig,
): Promise<DriverResult> {
  const closedTarget: Target = createTarget(server.port, config.concurrency);
  const registerStartedAt = performance.now();
  console.error(`  registering ${config.players} players (argon2id, ${config.registerConcurrency} at a time)...`);
  const players = await registerPlayers(
    closedTarget,
    config.players,
    config.registerConcurrency,
    config.requestTimeoutMs,
  );
  const registerS = (performance.now() - registerStartedAt) / 1000;
  const picker = new PlayerPicker(players, config.tapCount);
  // Enough for several times this machine's peak; the bucket caps a player at ~45 in the run anyway.
  prepareTapBodies(players, 32, config.tapCount);
  const closed = { concurrency: config.concurrency, timeoutMs: config.requestTimeoutMs };

  // Warm-up of both routes (JIT, pools, caches); not measured.
  await runClosedLoop(closedTarget, {
    ...closed,
    durationMs: config.warmupMs / 2,
    next: constantShots(picker, config.tapCount),
  });
  await runClosedLoop(closedTarget, {
    ...closed,
    durationMs: config.warmupMs / 2,
    next: tapBatchShots(picker, config.tapCount),
  });

  const closedMode = `closed loop, ${config.concurrency} connections`;
  const constant = await measure(server, databaseName, '(a) constant route', closedMode, () =>
    runClosedLoop(closedTarget, {
      ...closed,
      durationMs: config.phaseMs,
      next: constantShots(picker, config.tapCount),
    }),
  );
  await sleep(500);
  const tapPeak = await measure(server, databaseName, '(c) tap-batch peak', closedMode, () =>
    runClosedLoop(closedTarget, {
      ...closed,
      durationMs: config.phaseMs,
      next: tapBatchShots(picker, config.tapCount),
    }),
  );
  await sleep(500);
  const halfRate = Math.max(1, tapPeak.okPerS / 2);
  const openTarget = createTarget(server.port, config.openLoopSockets);
  const tapHalf = await measure(
    server,
    databaseName,
    '(c) tap-batch at half peak',
    `open loop, ${halfRate.toFixed(0)} req/s fixed arrivals`,
    () =>
      runOpenLoop(openTarget, {
        durationMs: config.phaseMs,
        ratePerS: halfRate,
        maxInFlight: 5000,
        timeoutMs: config.requestTimeoutMs,
        next: tapBatchShots(picker, config.tapCount),
      }),
  );
  closedTarget.agent.destroy();
  openTarget.agent.destroy();
  const storage =
    driver === 'postgres'
      ? `PostgreSQL scratch database, pool of 10 per worker${workers > 1 ? ', Redis bus between workers' : ''}`
      : 'PGlite in memory (memory://), one connection';
  return {
    driver,
    workers,
    label: labelOf(driver, workers),
    storage,
    players: players.length,
    registerS,
    constant,
    tapPeak,
    tapHalf,
  };
}

export const labelOf = (driver: Driver, workers: number) => (workers > 1 ? `${driver} ×${workers}` : driver);

/**
 * One driver end to end: fresh database, server child (`workers` node:cluster processes on one
 * port, with the Redis bus between them, as WORKERS=n runs), players, the three phases, clean-up.
 */
export async function benchDriver(driver: Driver, config: BenchConfig, workers = 1): Promise<DriverResult> {
  console.error(`\n[${labelOf(driver, workers)}] starting server...`);
  const scratch = driver === 'postgres' ? await createScratchDb(config.pgAdminUrl, 'bb_bench_game') : null;
  try {
    const server = await startServer({
      driver,
      databaseUrl: scratch?.url,
      cpuProfileDir: config.cpuProfileDir,
      workers,
      ...(workers > 1 ? { redisUrl: config.redisUrl } : {}),
    });
    try {
      return await runPhases(server, driver, workers, scratch?.name ?? null, config);
    } finally {
      await server.close();
    }
  } finally {
    if (scratch) await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}
