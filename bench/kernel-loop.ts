/**
 * The Kernel's worst loop (ADR 043), `BENCH_ONLY=kernel npm run bench`: on a canvas of 150,000 owned
 * bits of random colours (no runs to compress, a palette of about as many entries), scripts buy a
 * cheap bit and at once fetch the snapshot and a 64×64 grid/state region, over and over, while a
 * prober asks GET /api/health every 20 ms. The server runs in its own process (server-process.ts)
 * with its event-loop monitor on; the figures are its longest hold and /api/health's p99, beside the same
 * prober alone for as long (the machine's floor). BENCH_KERNEL_LOOP_PROFILE=<dir> writes the server's CPU profile.
 */
import { randomUUID } from 'node:crypto';
import { gridPaths } from '../src/core/api/kernel';
import { createDb } from '../src/server/db/connect';
import { createGrantService } from '../src/server/features/grant/service';
import type { BenchConfig } from './config';
import { createTarget, send, type Target } from './http-client';
import { registerPlayers, type BenchPlayer } from './players';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer } from './server-handle';
import { Recorder } from './stats';

export interface KernelLoopResult {
  seededBits: number;
  scripts: number;
  seconds: number;
  rounds: number;
  /** Answers other than 200 during the loop, by status (429s mean a script outran its budget). */
  refusals: Record<string, number>;
  snapshotBytes: number;
  longestHoldMs: number;
  loopDelayP99Ms: number;
  health: HealthFigures;
  /** The same figures with only the prober running: what this machine's load costs on its own. */
  withoutKernelTraffic: { longestHoldMs: number; loopDelayP99Ms: number; health: HealthFigures };
}

interface HealthFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const seededBits = 150_000;
const playersPerScript = 4;
const timeoutMs = 30_000;
const region = `${gridPaths.state}?x0=0&y0=0&x1=63&y1=63`;

export async function benchKernelLoop(config: BenchConfig, scripts = 2, seconds = 15): Promise<KernelLoopResult> {
  const scratch = await createScratchDb(config.pgAdminUrl, 'bench_kernel_loop');
  const server = await startServer({
    driver: 'postgres',
    databaseUrl: scratch.url,
    cpuProfileDir: process.env.BENCH_KERNEL_LOOP_PROFILE ?? null,
    probes: true,
  });
  const database = await createDb({ kind: 'postgres', url: scratch.url, max: 2 });
  try {
    const target = createTarget(server.port, 16);
    // Each script takes turns among a few players, so the per-player budgets (120 purchases and 60
    // regions a minute) never refuse it: what is measured is the server, not a limiter.
    const players = await registerPlayers(target, scripts * playersPerScript + 2, 4, timeoutMs);
    const buyers = players.slice(0, scripts * playersPerScript);
    const grant = createGrantService({ database });
    for (const [n, p] of buyers.entries()) {
      const [row] = await database.query<{ login_id: string }>('SELECT login_id FROM users WHERE id = $1', [p.id]);
      await grant.grant({ loginId: row!.login_id, telnet: 1_000_000 });
      await post(target, p, gridPaths.setColor, { colorR: n, colorG: 2, colorB: 3 });
    }
    console.error(`kernel loop: seeding ${seededBits} random-colour bits...`);
    // Rows 0–1 stay free for the scripts; the rest of the canvas is painted at random by the others.
    await database.query(
      `INSERT INTO kernel_bits (x, y, owner_id, color_r, color_g, color_b, price, version, claimed_at)
       SELECT x, y, ($1::int[])[1 + (x + y) % 2], floor(random() * 256)::int, floor(random() * 256)::int, floor(random() * 256)::int,
              1, row_number() OVER (), now()
       FROM (SELECT x, y FROM generate_series(0, 799) AS x, generate_series(2, 799) AS y ORDER BY random() LIMIT ${seededBits}) AS cells`,
      [players.slice(buyers.length).map((p) => p.id)],
    );
    await database.query('UPDATE kernel_state SET version = (SELECT max(version) FROM kernel_bits) WHERE id = 1');
    // Warm-up: the first snapshot reads the seeded canvas; then a few rounds compile the paths.
    const first = await send(target, 'GET', gridPaths.snapshot, { headers: { cookie: buyers[0]!.cookie }, timeoutMs });
    let nextBit = 0;
    const refusals: Record<string, number> = {};
    const count = (status: number) => {
      if (status !== 200) refusals[String(status)] = (refusals[String(status)] ?? 0) + 1;
    };
    const round = async (p: BenchPlayer) => {
      const bit = nextBit++;
      count(
        (
          await post(
            target,
            p,
            gridPaths.purchase,
            { x: bit % 800, y: Math.floor(bit / 800) % 2 },
            { 'idempotency-key': randomUUID() },
          )
        ).status,
      );
      const [snapshot, state] = await Promise.all([
        send(target, 'GET', gridPaths.snapshot, { headers: { cookie: p.cookie }, timeoutMs }),
        send(target, 'GET', region, { headers: { cookie: p.cookie }, timeoutMs }),
      ]);
      count(snapshot.status);
      count(state.status);
    };
    for (const p of buyers) await round(p);
    for (const key of Object.keys(refusals)) delete refusals[key];

    // The machine's own floor first: the same prober with no Kernel traffic, for as long.
    console.error(
      `kernel loop: /api/health alone for ${seconds} s, then ${scripts} scripts buying and fetching for ${seconds} s...`,
    );
    await server.probes(); // starts the server's event-loop window
    const idleHealth = await probeHealth(target, Date.now() + seconds * 1000);
    const idleLoop = (await server.probes()).loopDelay;
    const until = Date.now() + seconds * 1000;
    let rounds = 0;
    const prober = probeHealth(target, until);
    await Promise.all(
      Array.from({ length: scripts }, async (_, script) => {
        for (let turn = 0; Date.now() < until; turn++) {
          await round(buyers[script * playersPerScript + (turn % playersPerScript)]!);
          rounds += 1;
        }
      }),
    );
    const health = await prober;
    const loop = (await server.probes()).loopDelay;
    return {
      seededBits,
      scripts,
      seconds,
      rounds,
      refusals,
      snapshotBytes: Number(first.headers['content-length'] ?? 0),
      longestHoldMs: loop.maxMs,
      loopDelayP99Ms: loop.p99Ms,
      health,
      withoutKernelTraffic: { longestHoldMs: idleLoop.maxMs, loopDelayP99Ms: idleLoop.p99Ms, health: idleHealth },
    };
  } finally {
    await database.close();
    await server.close();
    await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}

function post(target: Target, p: BenchPlayer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return send(target, 'POST', path, {
    headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken, ...headers },
    body: JSON.stringify(body),
    timeoutMs,
  });
}

/** GET /api/health every 20 ms until `until`: its latencies. */
async function probeHealth(target: Target, until: number): Promise<HealthFigures> {
  const health = new Recorder();
  const startedAt = Date.now();
  while (Date.now() < until) {
    const started = performance.now();
    const res = await send(target, 'GET', '/api/health', { timeoutMs });
    health.record(res.status, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const summary = health.summarize(Date.now() - startedAt);
  return { requests: summary.completed, p50Ms: summary.p50Ms, p99Ms: summary.p99Ms, maxMs: summary.maxMs };
}
