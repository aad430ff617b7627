/**
 * BENCH_ONLY=spend: what each spending route costs the server against the signed-in constant route,
 * in one run on one server child (PostgreSQL), so the ratios compare like with like (ADR 078).
 *
 * Phases, each measured as the tap part measures its own (driver-bench.ts `measure`: the server's
 * CPU time over IPC ÷ answered requests): the constant route, tap-batch, then equip, Kernel purchase,
 * boss guess (repeatable, closed loop for the phase's length), and market buy, core open, optimizer
 * start, drone purchase, hack (one per item or player, closed loop until all are sent). Every route
 * gets an unmeasured warm-up first. The table gives requests/s, p50/p99, µs of server CPU per request
 * and that ÷ the constant route's (the target: at most 2).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { filesystemPaths } from '../src/core/api/filesystem';
import { gridPaths } from '../src/core/api/kernel';
import type { BenchConfig } from './config';
import { measure, type PhaseResult } from './driver-bench';
import { fixed, table } from './format';
import { createTarget, send, type Target } from './http-client';
import { runClosedLoop, type ShotSource } from './load';
import { PlayerPicker, registerPlayers, type BenchPlayer } from './players';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer, type ServerHandle } from './server-handle';
import { constantShots, prepareTapBodies, tapBatchShots } from './shots';
import { coresPerPlayer, seedSpend, type SpendSeed } from './spend-seed';
import * as shots from './spend-shots';

export interface SpendResult {
  players: number;
  loadAverageAtStart: string;
  loadAverageAtEnd: string;
  phases: PhaseResult[];
}

/** The first `n` shots of a source, then nothing (a warm-up that spends only a few items). */
function limit(source: ShotSource, n: number): ShotSource {
  let sent = 0;
  return () => (sent++ < n ? source() : null);
}

/** Opens an intrusion for each player into the next player's machine (not measured). */
async function openIntrusions(target: Target, players: BenchPlayer[], url: string, timeoutMs: number) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const names = new Map(
    (await sql<{ id: number; username: string }[]>`SELECT id, username FROM users`).map((r) => [r.id, r.username]),
  );
  await sql.end();
  const intrusions: Array<{ player: BenchPlayer; intrusionId: number }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < players.length) {
        const i = next++;
        const player = players[i]!;
        const victim = names.get(players[(i + 1) % players.length]!.id)!;
        const ssh = await send(target, 'POST', filesystemPaths.ssh, {
          headers: shots.spendHeaders(player),
          body: JSON.stringify({ target: victim }),
          wantBody: true,
          timeoutMs,
        });
        if (ssh.status !== 200 || !ssh.body) continue;
        intrusions.push({ player, intrusionId: (JSON.parse(ssh.body) as { intrusionId: number }).intrusionId });
      }
    }),
  );
  return intrusions;
}

async function setColours(target: Target, players: BenchPlayer[], timeoutMs: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < players.length) {
        const n = next++;
        await send(target, 'POST', gridPaths.setColor, {
          headers: shots.spendHeaders(players[n]!),
          body: JSON.stringify({ colorR: (n * 37) % 256, colorG: (n * 91) % 256, colorB: (n * 53) % 256 }),
          timeoutMs,
        });
      }
    }),
  );
}

async function runPhases(server: ServerHandle, url: string, dbName: string, config: BenchConfig) {
  const timeoutMs = config.requestTimeoutMs;
  const target = createTarget(server.port, config.concurrency);
  console.error(`  registering ${config.players} players...`);
  const players = await registerPlayers(target, config.players, config.registerConcurrency, timeoutMs);
  const picker = new PlayerPicker(players, config.tapCount);
  prepareTapBodies(players, 32, config.tapCount);
  const seed: SpendSeed = await seedSpend(url, players);
  await setColours(target, players, timeoutMs);
  const closed = { concurrency: config.concurrency, timeoutMs };
  const mode = `closed loop, ${config.concurrency} connections`;
  const phases: PhaseResult[] = [];
  const phase = async (name: string, source: () => ShotSource, once = false, warm = 100) => {
    await runClosedLoop(target, { ...closed, durationMs: config.warmupMs, next: limit(source(), warm) });
    phases.push(
      await measure(server, dbName, name, once ? `${mode}, one per item` : mode, () =>
        runClosedLoop(target, {
          ...closed,
          durationMs: once ? config.phaseMs * 4 : config.phaseMs,
          next: source(),
          endWhenEmpty: once,
        }),
      ),
    );
  };
  // Sources built once where each call must continue where the warm-up stopped.
  const oneShot = (source: ShotSource) => () => source;
  await phase('constant route', () => constantShots(picker, config.tapCount), false, 2000);
  await phase('tap-batch', () => tapBatchShots(picker, config.tapCount), false, 2000);
  await phase('equip', oneShot(shots.equipShots(players, seed)), false, 1000);
  await phase('Kernel purchase', oneShot(shots.kernelShots(players)), false, 500);
  await phase('boss guess', () => shots.guessShots(players, seed), false, 1000);
  await phase('market buy', oneShot(shots.buyShots(players, seed)), true, 60);
  await phase('core open', oneShot(shots.coreShots(players, seed, coresPerPlayer)), true, 60);
  await phase('optimizer start', oneShot(shots.optimizerShots(players)), true, 60);
  await phase('drone purchase', oneShot(shots.droneShots(players)), true, 60);
  const intrusions = await openIntrusions(target, players, url, timeoutMs);
  await phase('hack', oneShot(shots.hackShots(intrusions)), true, 60);
  target.agent.destroy();
  return { players: players.length, phases };
}

export async function benchSpend(config: BenchConfig): Promise<SpendResult> {
  console.error('\n[spend] PostgreSQL scratch database, server child...');
  const loadAverageAtStart = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const scratch = await createScratchDb(config.pgAdminUrl, 'bb_bench_spend');
  try {
    const server = await startServer({
      driver: 'postgres',
      databaseUrl: scratch.url,
      cpuProfileDir: config.cpuProfileDir,
    });
    try {
      const run = await runPhases(server, scratch.url, scratch.name, config);
      const loadAverageAtEnd = loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
      return { ...run, loadAverageAtStart, loadAverageAtEnd };
    } finally {
      await server.close();
    }
  } finally {
    await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}

export function printSpend(result: SpendResult): void {
  const constant = result.phases[0]!;
  const errors = (p: PhaseResult) =>
    Object.entries(p.otherStatuses)
      .map(([s, n]) => `${n}×${s}`)
      .concat(p.networkErrors ? [`${p.networkErrors} net`] : [])
      .join(' ') || '0';
  console.log(
    `\nSpending routes against the signed-in constant route (PostgreSQL, one server process, ` +
      `${result.players} players; load average ${result.loadAverageAtStart} → ${result.loadAverageAtEnd}):`,
  );
  console.log(
    table(
      ['route', 'ok/s', 'p50 ms', 'p99 ms', 'server µs/req', '÷ constant', 'PG writes/req', 'non-2xx'],
      result.phases.map((p) => [
        p.name,
        fixed(p.okPerS, 0),
        fixed(p.p50Ms),
        fixed(p.p99Ms),
        fixed(p.serverCpuUsPerRequest, 0),
        fixed(p.serverCpuUsPerRequest / constant.serverCpuUsPerRequest, 2),
        fixed(p.dbWritesPerRequest, 1),
        errors(p),
      ]),
    ),
  );
}

export function writeSpend(result: SpendResult): void {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}latest.spend.json`, `${JSON.stringify(result, null, 2)}\n`);
}
