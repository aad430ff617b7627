/**
 * BENCH_ONLY=terminal: ssh + ls + hack round trips for 1,000 players on PostgreSQL,
 * against the signed-in constant route in the same run.
 *
 *  seed: 1,000 players registered through the real register route; each is set to level 8 and two days
 *        old (past the new-player shield, docs/game-rules.md §18) and given 1,000 Telnet through the wallet.
 *  (a) the constant route, closed loop (the same yardstick as tap-batch's);
 *  (f) every player i runs one intrusion into player i+1: POST /api/filesystem/ssh, GET
 *      /api/filesystem/contents of / in the intrusion, POST /api/filesystem/hack-token on /Token (with an
 *      Idempotency-Key) — 64 players at a time, each one round trip, as the rules allow one hack per
 *      attacker per 15 minutes and per victim per 15 minutes. Requests/s over the phase, p50/p99 per step
 *      and per round trip. Each hack is the full transaction: both balances locked, the wallet transfer
 *      with two ledger rows, the attack, both cooldowns and the victim's Ping system line.
 *  A warm-up round (the first 100 players) runs first; its cooldowns and attacks are then cleared.
 *  Afterwards the run checks what a player would notice: 1,000 hacks recorded, each with one ledger pair
 *  and one Ping line, no Telnet created or lost, ledger sum = balance for everyone.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { filesystemPaths } from '../src/core/api/filesystem';
import { createDb } from '../src/server/db/connect';
import { creditMany } from '../src/server/wallet';
import type { BenchConfig } from './config';
import { createTarget, send, type Target } from './http-client';
import { runClosedLoop } from './load';
import { PlayerPicker, registerPlayers, type BenchPlayer } from './players';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer } from './server-handle';
import { constantShots } from './shots';
import { percentile, type LoadSummary } from './stats';

const startingTelnet = 1000;
const warmupAttackers = 100;

interface StepFigures {
  count: number;
  ok: number;
  otherStatuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface TerminalBenchResult {
  players: number;
  constant: LoadSummary;
  roundTrips: {
    wallS: number;
    completed: number;
    requestsPerS: number;
    roundTripsPerS: number;
    ssh: StepFigures;
    ls: StepFigures;
    hack: StepFigures;
    roundTrip: { p50Ms: number; p99Ms: number; maxMs: number };
  };
  /** Hack requests/s over the constant route's ok/s (both closed loop, same concurrency). */
  requestsVsConstant: number;
  /** After the phase: one attack, one ledger pair and one Ping line per hack; stolen + lost = 0; ledger sum = balance for all. */
  checks: {
    attacks: number;
    hackLedgerPairs: number;
    telnetStolen: number;
    telnetCreatedOrLost: number;
    ledgerMismatches: number;
    pingSystemLines: number;
  };
}

const headersOf = (p: BenchPlayer, key?: string) => ({
  cookie: p.cookie,
  'x-csrf-token': p.csrfToken,
  ...(key ? { 'idempotency-key': key } : {}),
});

class StepRecorder {
  readonly ms: number[] = [];
  readonly statuses: Record<string, number> = {};
  add(status: number, ms: number): void {
    this.ms.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
  }
  summary(): StepFigures {
    const sorted = [...this.ms].sort((a, b) => a - b);
    const ok = Object.entries(this.statuses).reduce(
      (n, [s, c]) => (Number(s) >= 200 && Number(s) < 300 ? n + c : n),
      0,
    );
    const otherStatuses = Object.fromEntries(
      Object.entries(this.statuses).filter(([s]) => Number(s) < 200 || Number(s) >= 300),
    );
    return {
      count: sorted.length,
      ok,
      otherStatuses,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted[sorted.length - 1] ?? 0,
    };
  }
}

/** One intrusion: ssh into the victim, list /, hack /Token. Stops at the first refusal. */
async function roundTrip(
  target: Target,
  attacker: BenchPlayer,
  victimUsername: string,
  rec: { ssh: StepRecorder; ls: StepRecorder; hack: StepRecorder },
  timeoutMs: number,
): Promise<boolean> {
  let at = performance.now();
  const ssh = await send(target, 'POST', filesystemPaths.ssh, {
    headers: headersOf(attacker),
    body: JSON.stringify({ target: victimUsername }),
    wantBody: true,
    timeoutMs,
  }).catch(() => ({ status: 0, body: undefined }));
  rec.ssh.add(ssh.status, performance.now() - at);
  if (ssh.status !== 200 || !ssh.body) return false;
  const intrusionId = (JSON.parse(ssh.body) as { intrusionId: number }).intrusionId;

  at = performance.now();
  const ls = await send(target, 'GET', `${filesystemPaths.contents}?path=%2F&intrusionId=${intrusionId}`, {
    headers: headersOf(attacker),
    timeoutMs,
  }).catch(() => ({
    status: 0,
  }));
  rec.ls.add(ls.status, performance.now() - at);
  if (ls.status !== 200) return false;

  at = performance.now();
  const hack = await send(target, 'POST', filesystemPaths.hackToken, {
    headers: headersOf(attacker, randomUUID()),
    body: JSON.stringify({ tokenPath: '/Token', intrusionId }),
    timeoutMs,
  }).catch(() => ({ status: 0 }));
  rec.hack.add(hack.status, performance.now() - at);
  return hack.status === 200;
}

/** Player i attacks player i+1 (mod n), `concurrency` round trips in flight. */
async function runRound(
  target: Target,
  players: BenchPlayer[],
  usernames: string[],
  count: number,
  concurrency: number,
  timeoutMs: number,
) {
  const rec = { ssh: new StepRecorder(), ls: new StepRecorder(), hack: new StepRecorder() };
  const trips: number[] = [];
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const at = performance.now();
        if (await roundTrip(target, players[i]!, usernames[(i + 1) % players.length]!, rec, timeoutMs))
          trips.push(performance.now() - at);
      }
    }),
  );
  return { wallMs: performance.now() - startedAt, rec, trips };
}

export async function benchTerminal(config: BenchConfig): Promise<TerminalBenchResult> {
  console.error('\n[terminal] PostgreSQL scratch database, server child...');
  const scratch = await createScratchDb(config.pgAdminUrl, 'bb_bench_terminal');
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
      const ids = players.map((p) => p.id);
      // Past the new-player shield (level 5, 24 hours) and all within 10 levels of each other.
      await sql`UPDATE users SET level = 8, created_at = now() - interval '2 days' WHERE id = ANY(${ids})`;
      const database = await createDb({ kind: 'postgres', url: scratch.url, max: 2 });
      try {
        await database.db.transaction((tx) =>
          creditMany(
            tx,
            players.map((p) => ({
              userId: p.id,
              amount: startingTelnet,
              reason: 'operator-grant' as const,
              reference: `bench:${p.id}`,
            })),
          ),
        );
      } finally {
        await database.close();
      }
      const byId = new Map(
        (await sql<{ id: number; username: string }[]>`SELECT id, username FROM users WHERE id = ANY(${ids})`).map(
          (r) => [r.id, r.username],
        ),
      );
      const usernames = players.map((p) => byId.get(p.id)!);
      const picker = new PlayerPicker(players, config.tapCount);
      const closed = { concurrency: config.concurrency, timeoutMs: config.requestTimeoutMs };

      // Warm-up: JIT, pools and plans for every statement of the three routes, then a clean slate.
      await runClosedLoop(target, {
        ...closed,
        durationMs: config.warmupMs,
        next: constantShots(picker, config.tapCount),
      });
      const warm = await runRound(
        target,
        players,
        usernames,
        Math.min(warmupAttackers, players.length),
        config.concurrency,
        config.requestTimeoutMs,
      );
      console.error(`  warm-up: ${warm.trips.length} round trips`);
      await sql`UPDATE file_systems SET ssh_cooldown_until = NULL, hacked_shield_until = NULL`;
      await sql`DELETE FROM attacks`;
      await sql`DELETE FROM ping_system_lines`;
      const [before] = await sql<{ id: number }[]>`SELECT coalesce(max(id), 0)::int AS id FROM telnet_ledger`;

      const constant = await runClosedLoop(target, {
        ...closed,
        durationMs: config.phaseMs,
        next: constantShots(picker, config.tapCount),
      });
      console.error(
        `  (a) constant: ${constant.okPerS.toFixed(0)} ok/s, p50 ${constant.p50Ms.toFixed(1)} ms, p99 ${constant.p99Ms.toFixed(1)} ms`,
      );

      const round = await runRound(
        target,
        players,
        usernames,
        players.length,
        config.concurrency,
        config.requestTimeoutMs,
      );
      const [ssh, ls, hack] = [round.rec.ssh.summary(), round.rec.ls.summary(), round.rec.hack.summary()];
      const okRequests = ssh.ok + ls.ok + hack.ok;
      const sortedTrips = [...round.trips].sort((a, b) => a - b);
      const roundTrips = {
        wallS: round.wallMs / 1000,
        completed: round.trips.length,
        requestsPerS: okRequests / (round.wallMs / 1000),
        roundTripsPerS: round.trips.length / (round.wallMs / 1000),
        ssh,
        ls,
        hack,
        roundTrip: {
          p50Ms: percentile(sortedTrips, 50),
          p99Ms: percentile(sortedTrips, 99),
          maxMs: sortedTrips[sortedTrips.length - 1] ?? 0,
        },
      };
      console.error(
        `  (f) ${roundTrips.completed}/${players.length} ssh+ls+hack in ${roundTrips.wallS.toFixed(1)} s: ${roundTrips.requestsPerS.toFixed(0)} req/s, ` +
          `${roundTrips.roundTripsPerS.toFixed(0)} round trips/s; p50/p99 ssh ${ssh.p50Ms.toFixed(1)}/${ssh.p99Ms.toFixed(1)} ms, ` +
          `ls ${ls.p50Ms.toFixed(1)}/${ls.p99Ms.toFixed(1)} ms, hack ${hack.p50Ms.toFixed(1)}/${hack.p99Ms.toFixed(1)} ms, ` +
          `round trip ${roundTrips.roundTrip.p50Ms.toFixed(1)}/${roundTrips.roundTrip.p99Ms.toFixed(1)} ms; ` +
          `other ${JSON.stringify({ ssh: ssh.otherStatuses, ls: ls.otherStatuses, hack: hack.otherStatuses })}`,
      );

      const [attacks] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM attacks`;
      const [moved] = await sql<{ hacks: number; stolen: number; net: number }[]>`
        SELECT count(*) FILTER (WHERE reason = 'hack-stolen')::int AS hacks,
               coalesce(sum(delta) FILTER (WHERE reason = 'hack-stolen'), 0)::int AS stolen,
               coalesce(sum(delta), 0)::int AS net
        FROM telnet_ledger WHERE id > ${before!.id} AND reason IN ('hack-stolen', 'hack-lost')`;
      const [mismatches] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM users u
        WHERE u.telnet <> (SELECT coalesce(sum(l.delta), 0) FROM telnet_ledger l WHERE l.user_id = u.id)`;
      const [lines] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ping_system_lines`;
      const checks = {
        attacks: attacks!.n,
        hackLedgerPairs: moved!.hacks,
        telnetStolen: moved!.stolen,
        telnetCreatedOrLost: moved!.net,
        ledgerMismatches: mismatches!.n,
        pingSystemLines: lines!.n,
      };
      console.error(`  checks: ${JSON.stringify(checks)}`);
      target.agent.destroy();
      return {
        players: players.length,
        constant,
        roundTrips,
        requestsVsConstant: roundTrips.requestsPerS / constant.okPerS,
        checks,
      };
    } finally {
      await server.close();
    }
  } finally {
    await sql.end({ timeout: 5 });
    await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}
