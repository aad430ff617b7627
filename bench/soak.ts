/**
 * `npm run soak` (ADR 072): the game on PostgreSQL (a scratch database) + Redis with SOAK_WORKERS
 * workers, SOAK_PLAYERS players registered each from a loopback address of its own (X-Forwarded-For
 * through TRUST_PROXY, so per-address limits see real spread), one socket each, playing for
 * SOAK_MINUTES at a human pace (bench/soak-player.ts), each tab watching the Kernel for SOAK_KERNEL_VISIT_S (30)
 * from each of its purchases, the players' first requests spread over SOAK_RAMP_S (30). Prints acknowledged requests/s, statuses per
 * route (503 apart), p50/p95/p99/max per route, socket closes, frames delivered, the RSS of every
 * process over time and the load generator's own CPU, then checks from the ledger that every Kernel
 * purchase and market buy acknowledged — those shed first included — was charged exactly once.
 * Defaults: 2,000 players, 10 minutes, 2 workers (about 12 minutes with registration).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { authPaths } from '../src/core/api/auth';
import { benchConfig } from './config';
import { createTarget, send, type Target } from './http-client';
import { registerPlayers, type BenchPlayer } from './players';
import { createScratchDb, dropAllScratchDbs } from './scratch-db';
import { killStartedServers, startServer } from './server-handle';
import { startCpuSplit } from './cpu-split';
import { SocketFleet } from './socket-fleet';
import type { Recorder } from './stats';
import { seedItems } from './spend-seed';
import { kernelVisits, newTally, playUntilEnd, type SoakTally } from './soak-player';
import { brokenPromises, chargedOnce } from './soak-verdict';

const players = Number(process.env.SOAK_PLAYERS ?? 2000);
const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const workers = Number(process.env.SOAK_WORKERS ?? 2);
const timeoutMs = 30_000;
// How long a tab stays on the Kernel around a purchase (choose a bit, confirm, look at it): with a purchase
// every ~2 minutes per player, about a quarter of the tabs show the Kernel at any moment (ADR 084).
const kernelVisitMs = Number(process.env.SOAK_KERNEL_VISIT_S ?? 30) * 1000;
// Players come in over this many seconds, as a population's sessions start at different moments; 2 is every
// open tab coming back at once after a restart, the herd the shedder is for (ADR 072).
const rampMs = Number(process.env.SOAK_RAMP_S ?? 30) * 1000;

/** Player i's address: 127.0.0.0/8 past 127.0.0.1, one per player. */
const addressOf = (index: number) => `127.${1 + ((index >> 16) & 0xff)}.${(index >> 8) & 0xff}.${index & 0xff}`;

/** Resident memory (MiB) of the server process and each of its children (the workers, and tsx's esbuild service), by pid. */
function rssOfTree(rootPid: number): Record<string, number> {
  const rss: Record<string, number> = {};
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const parent = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      if (Number(pid) !== rootPid && parent !== rootPid) continue;
      rss[Number(pid) === rootPid ? `server ${pid}` : `child ${pid}`] = Math.round(
        Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024,
      );
    } catch {
      // the process ended between the listing and the read
    }
  }
  rss[`generator ${process.pid}`] = Math.round(process.memoryUsage().rss / 2 ** 20);
  return rss;
}

/** Runs `work` on every item, at most `limit` at once. */
async function forEachLimited<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<unknown>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
}

const routeWidth = 40;

function printRoutes(tally: SoakTally, wallS: number): void {
  console.log(
    `\nacknowledged: ${tally.acknowledged} (${(tally.acknowledged / wallS).toFixed(1)}/s over ${wallS.toFixed(0)} s)`,
  );
  console.log(
    `${'route'.padEnd(routeWidth)} sent    ok    503  other statuses        net  acknowledged: p50 ms  p95 ms  p99 ms  max ms`,
  );
  const ms = (value: number) => value.toFixed(0).padStart(7);
  const times = (recorder: Recorder | undefined) => {
    const accepted = recorder?.summarize(wallS * 1000);
    return accepted ? `${ms(accepted.p50Ms)} ${ms(accepted.p95Ms)} ${ms(accepted.p99Ms)} ${ms(accepted.maxMs)}` : '';
  };
  for (const [route, recorder] of tally.routes) {
    const summary = recorder.summarize(wallS * 1000);
    const { 503: shed = 0, ...others } = summary.otherStatuses;
    const other =
      Object.entries({ ...others, ...(summary.refused423 ? { 423: summary.refused423 } : {}) })
        .map(([s, n]) => `${s}:${n}`)
        .join(' ') || '-';
    console.log(
      `${route.padEnd(routeWidth)} ${String(summary.completed).padStart(5)} ${String(summary.ok).padStart(5)} ` +
        `${String(shed).padStart(6)}  ${other.padEnd(20)} ` +
        `${String(summary.networkErrors).padStart(4)}              ${times(tally.accepted.get(route))}`,
    );
  }
  console.log(`${'every route'.padEnd(routeWidth)} ${' '.repeat(53)}${times(tally.allAccepted)}`);
  const givenUp = [...tally.givenUp.values()].reduce((sum, n) => sum + n, 0);
  console.log(`tap batches sent again by the tap runner after the client's last resend: ${tally.requeued}`);
  console.log(
    `requests still shed after the client's last resend: ${givenUp} ${JSON.stringify(Object.fromEntries(tally.givenUp))}`,
  );
  console.log(`shed answers by reason: ${JSON.stringify(Object.fromEntries(tally.shedReasons))}`);
  const shedTimes = Array.from(tally.shedBy10s, (n, i) => (n ? `${i * 10}-${i * 10 + 10} s: ${n}` : null));
  console.log(`shed answers by when in play: ${shedTimes.filter(Boolean).join(', ') || 'none'}`);
}

/** The listings the seed made, handed out one at a time, never to their own seller. */
function listingQueue(listings: Array<{ id: number; sellerId: number }>) {
  const left = [...listings];
  return (buyerId: number): number | null => {
    const at = left.findIndex((listing) => listing.sellerId !== buyerId);
    return at === -1 ? null : left.splice(at, 1)[0]!.id;
  };
}

async function usernamesById(databaseUrl: string): Promise<Map<number, string>> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return new Map(
      (await sql<{ id: number; username: string }[]>`SELECT id, username FROM users`).map((r) => [r.id, r.username]),
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function main(): Promise<void> {
  console.log(
    `soak: ${players} players, ${minutes} min, ${workers} workers, PostgreSQL + Redis (${benchConfig.redisUrl})`,
  );
  const db = await createScratchDb(benchConfig.pgAdminUrl, 'soak');
  process.env.BENCH_TRUST_PROXY = 'true';
  process.env.BENCH_SHED = 'production';
  const server = await startServer({
    driver: 'postgres',
    databaseUrl: db.url,
    // SOAK_CPU_PROF=dir: a CPU profile of the primary and of every worker (cluster workers inherit --cpu-prof).
    cpuProfileDir: process.env.SOAK_CPU_PROF ?? null,
    redisUrl: benchConfig.redisUrl,
    workers,
  });
  // Registration shares one pool; each player then plays over a connection of its own, as a browser does
  // (a shared pool would queue players behind each other in the generator, and count that as the server's).
  const target = createTarget(server.port, 512);
  const playerTargets = new Map<number, Target>();
  try {
    let started = performance.now();
    const registered = await registerPlayers(target, players, benchConfig.registerConcurrency, timeoutMs, addressOf);
    console.log(`registered ${players} players in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    // Telnet, gear and one market listing per player, through the wallet, the inventory and the market service.
    const { listings } = await seedItems(db.url, registered);
    const usernames = await usernamesById(db.url);
    const soakPlayers = registered.map((player) => ({ ...player, username: usernames.get(player.id)! }));
    console.log(
      `seeded Telnet, gear and ${listings.length} market listings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const fleet = await SocketFleet.open(server.port, registered, {
      count: players,
      concurrency: 50,
      timeoutMs: 120_000,
    });
    console.log(`sockets open: ${fleet.sockets.length}, refused: ${fleet.openFailures.length}`);
    // Each tab loaded the game (the boot's session probe) before its player acts: the players' own
    // connections open here, at a bounded pace, rather than two thousand at once in the first second.
    const targetOf = (player: BenchPlayer) =>
      playerTargets.get(player.id) ?? playerTargets.set(player.id, createTarget(server.port, 1)).get(player.id)!;
    started = performance.now();
    await forEachLimited(registered, 100, (player, index) =>
      send(targetOf(player), 'GET', authPaths.session, {
        headers: { cookie: player.cookie, 'x-forwarded-for': addressOf(index) },
        timeoutMs,
      }),
    );
    console.log(`players' own connections opened in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const tally = newTally();
    let bitIndex = 0;
    const kernel = kernelVisits(fleet, kernelVisitMs);
    const context = {
      targetOf,
      tally,
      timeoutMs,
      startedAt: performance.now(),
      rampMs,
      endsAt: performance.now() + minutes * 60_000,
      nextBit: () => ({ x: bitIndex % 800, y: Math.floor(bitIndex++ / 800) }),
      nextListing: listingQueue(listings),
      visitKernel: kernel.visit,
    };
    const rssSamples: Array<{ atS: number; rss: Record<string, number> }> = [];
    started = performance.now();
    const cpuBefore = process.cpuUsage();
    const cpuSplit = startCpuSplit(server.pid, db.name);
    const sampler = setInterval(
      () => rssSamples.push({ atS: Math.round((performance.now() - started) / 1000), rss: rssOfTree(server.pid) }),
      Math.max(5_000, (minutes * 60_000) / 10),
    );
    rssSamples.push({ atS: 0, rss: rssOfTree(server.pid) });
    await Promise.all(soakPlayers.map((player, index) => playUntilEnd(context, player, addressOf(index), index)));
    clearInterval(sampler);
    const meanWatchers = kernel.stop();
    rssSamples.push({ atS: Math.round((performance.now() - started) / 1000), rss: rssOfTree(server.pid) });
    const wallS = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    printRoutes(tally, wallS);
    console.log(
      `sockets closed by the server: ${fleet.closedEarly} ${JSON.stringify(fleet.closeCodes)}; ` +
        `frames delivered: ${fleet.frames} carrying ${fleet.events} events; stream gaps: ${fleet.streamGaps}`,
    );
    console.log(
      `tabs showing the Kernel: ${meanWatchers.toFixed(0)} on average of ${fleet.sockets.length} ` +
        `(${((100 * meanWatchers) / Math.max(1, fleet.sockets.length)).toFixed(0)} %; a visit lasts ${kernelVisitMs / 1000} s)`,
    );
    console.log(
      `load generator CPU: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over ` +
        `${wallS.toFixed(0)} s (${((cpu.user + cpu.system) / 1e4 / wallS).toFixed(0)} % of one core)`,
    );
    console.log(cpuSplit(wallS));
    console.log('RSS (MiB) over time:');
    for (const sample of rssSamples)
      console.log(
        `  t=${String(sample.atS).padStart(4)} s  ${Object.entries(sample.rss)
          .map(([who, mib]) => `${who}: ${mib}`)
          .join('  ')}`,
      );
    await fleet.close(10_000);
    const broken = brokenPromises(tally, fleet.closedEarly, await chargedOnce(db.url, tally));
    if (broken.length > 0) {
      console.log(`FAILED: ${broken.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    target.agent.destroy();
    for (const own of playerTargets.values()) own.agent.destroy();
    await server.close();
    await dropAllScratchDbs(benchConfig.pgAdminUrl);
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  killStartedServers();
  await dropAllScratchDbs(benchConfig.pgAdminUrl);
  process.exit(1);
});
