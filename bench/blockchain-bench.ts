/**
 * BENCH_ONLY=blockchain: 1,000 signed-in players guessing at the one shared boss on
 * PostgreSQL, against the constant route in the same run.
 *
 *  (a) the constant route, closed loop (the same yardstick as tap-batch's);
 *  (d) POST /api/blockchain/submit-code with wrong guesses, closed loop, each player at most once per
 *      550 ms (the server's 500 ms window) — a wrong guess never locks the boss row (ADR 030);
 *  (e) the hot spot: all 1,000 players send the correct code (read from the database) at the same
 *      instant — one conditional UPDATE wins, 999 wait on the boss row's lock, re-check and get 409.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import type { BenchConfig } from './config';
import { createTarget, send } from './http-client';
import { runClosedLoop, type Shot, type ShotSource } from './load';
import { PlayerPicker, registerPlayers, type BenchPlayer } from './players';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer } from './server-handle';
import { constantShots } from './shots';
import { percentile, type LoadSummary } from './stats';

export interface BlockchainBenchResult {
  players: number;
  constant: LoadSummary;
  guesses: LoadSummary;
  burst: {
    players: number;
    wallMs: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    statuses: Record<string, number>;
  };
  guessesVsConstant: number;
}

const headersFor = (p: BenchPlayer) => ({
  cookie: p.cookie,
  'x-csrf-token': p.csrfToken,
  'content-type': 'application/json',
});

/** Wrong guesses (the digits shifted from the code, so never right), each player resting 550 ms between two. */
function guessShots(players: BenchPlayer[], bossId: number, wrong: string): ShotSource {
  const readyAt = new Map<BenchPlayer, number>();
  let cursor = 0;
  return () => {
    const now = performance.now();
    for (let tried = 0; tried < players.length; tried++) {
      const player = players[cursor]!;
      cursor = (cursor + 1) % players.length;
      if (player.busy || (readyAt.get(player) ?? 0) > now) continue;
      player.busy = true;
      const shot: Shot = {
        path: '/api/blockchain/submit-code',
        headers: { ...headersFor(player), 'idempotency-key': randomUUID() },
        body: JSON.stringify({ bossId, guess: wrong }),
        wantBody: false,
        settle() {
          player.busy = false;
          readyAt.set(player, performance.now() + 550);
          return true;
        },
      };
      return shot;
    }
    return null;
  };
}

export async function benchBlockchain(config: BenchConfig): Promise<BlockchainBenchResult> {
  console.error('\n[blockchain] PostgreSQL scratch database, server child...');
  const scratch = await createScratchDb(config.pgAdminUrl, 'bb_bench_boss');
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  try {
    const server = await startServer({ driver: 'postgres', databaseUrl: scratch.url, cpuProfileDir: null });
    try {
      const target = createTarget(server.port, config.concurrency);
      console.error(`  registering ${config.players} players...`);
      const players = await registerPlayers(
        target,
        config.players,
        config.registerConcurrency,
        config.requestTimeoutMs,
      );
      const picker = new PlayerPicker(players, config.tapCount);
      // Room for every hit of the run: the boss must stay up through the phases.
      await sql`UPDATE blockchain_bosses SET max_integrity = 1000000, integrity = 1000000 WHERE status = 'active'`;
      const [boss] = await sql<
        { id: number; code: string }[]
      >`SELECT id, code FROM blockchain_bosses WHERE status = 'active'`;
      const wrong = [...boss!.code].map((d) => String((Number(d) + 1) % 10)).join('');
      const closed = { concurrency: config.concurrency, timeoutMs: config.requestTimeoutMs };
      // Every guess costs at least 1 EXP (ADR 050): the guess phases spend EXP given here, taken back before taps run again.
      const expForGuesses = (exp: number) => sql`UPDATE users SET current_exp = ${exp}`;
      await runClosedLoop(target, {
        ...closed,
        durationMs: config.warmupMs,
        next: constantShots(picker, config.tapCount),
      });
      await expForGuesses(1_000_000);
      await runClosedLoop(target, {
        ...closed,
        durationMs: config.warmupMs,
        next: guessShots(players, boss!.id, wrong),
      });
      await expForGuesses(0);

      const constant = await runClosedLoop(target, {
        ...closed,
        durationMs: config.phaseMs,
        next: constantShots(picker, config.tapCount),
      });
      await expForGuesses(1_000_000);
      console.error(
        `  (a) constant: ${constant.okPerS.toFixed(0)} ok/s, p50 ${constant.p50Ms.toFixed(1)} ms, p99 ${constant.p99Ms.toFixed(1)} ms`,
      );
      const guesses = await runClosedLoop(target, {
        ...closed,
        durationMs: config.phaseMs,
        next: guessShots(players, boss!.id, wrong),
      });
      console.error(
        `  (d) wrong guesses: ${guesses.okPerS.toFixed(0)} ok/s, p50 ${guesses.p50Ms.toFixed(1)} ` +
          `ms, p99 ${guesses.p99Ms.toFixed(1)} ms, other ${JSON.stringify(guesses.otherStatuses)}`,
      );

      // (e) everyone at once with the right code: the boss row is the hot spot.
      await new Promise((r) => setTimeout(r, 600));
      const [now] = await sql<
        { id: number; code: string }[]
      >`SELECT id, code FROM blockchain_bosses WHERE status = 'active'`;
      const burstTarget = createTarget(server.port, players.length);
      const startedAt = performance.now();
      const answers = await Promise.all(
        players.map(async (p) => {
          const sentAt = performance.now();
          const reply = await send(burstTarget, 'POST', '/api/blockchain/submit-code', {
            headers: { ...headersFor(p), 'idempotency-key': randomUUID() },
            body: JSON.stringify({ bossId: now!.id, guess: now!.code }),
            wantBody: false,
            timeoutMs: 60_000,
          }).catch(() => ({ status: 0 }));
          return { status: reply.status, ms: performance.now() - sentAt };
        }),
      );
      const wallMs = performance.now() - startedAt;
      const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      const burst = {
        players: players.length,
        wallMs,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted[sorted.length - 1] ?? 0,
        statuses,
      };
      const [hits] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM blockchain_hits
        WHERE boss_id = ${now!.id} AND code_version = (SELECT code_version - 1 FROM blockchain_bosses WHERE id = ${now!.id})`;
      console.error(
        `  (e) ${players.length} correct guesses at once: ${JSON.stringify(statuses)} in ${wallMs.toFixed(0)} ` +
          `ms, p50 ${burst.p50Ms.toFixed(1)} ms, p99 ${burst.p99Ms.toFixed(1)} ms; hits recorded ${hits!.n}`,
      );
      target.agent.destroy();
      burstTarget.agent.destroy();
      return { players: players.length, constant, guesses, burst, guessesVsConstant: guesses.okPerS / constant.okPerS };
    } finally {
      await server.close();
    }
  } finally {
    await sql.end({ timeout: 5 });
    await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}
