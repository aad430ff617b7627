/**
 * Background work (BENCH_ONLY=drone): 10,000 players with active drones on PostgreSQL.
 * Two job runners (two "instances" in this process, each with its own pool) claim due `drone.step`
 * jobs while 20 players post tap-batch through the real route (app.inject, the same event loop as the
 * runners, so starvation would show). Reports steps/s, due→claim lag p50/p99 (the step's commit
 * follows in the same transaction: + the mean step time), and tap-batch p50/p99 alone and under load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { infra } from '../src/core/infra';
import { encodeSecureData } from '../src/core/secure-data';
import { buildApp, type App } from '../src/server/app';
import { createDb } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import type { RanJob } from '../src/server/jobs';
import { testConfig } from '../tests/support/config';
import { percentile } from './stats';
import { createScratchDb, dropScratchDb } from './scratch-db';

const drones = Number(process.env.BENCH_DRONES ?? 10_000);
// One drone interval: every drone's next step falls due once inside it (steady 333 steps/s at 10,000).
const windowMs = Number(process.env.BENCH_DRONE_WINDOW_MS ?? 30_000);
// Housekeeping over the run: done steps are kept this long (production keeps them infra.jobDoneRetentionMs),
// purged every BENCH_HOUSEKEEP_EVERY_MS, and the jobs table is counted every 10 s to show it stays bounded.
const jobRetentionMs = Number(process.env.BENCH_JOB_RETENTION_MS ?? 60_000);
const housekeepEveryMs = Number(process.env.BENCH_HOUSEKEEP_EVERY_MS ?? infra.housekeepingEveryMs);
const jobCountEveryMs = 10_000;
const tappers = 20;
/** A drone run's first step offset in the interval, spread evenly by the run's id; $2 is the drone count. */
const dueOffset = (runId = 'id') => `((${runId} - 1) % $2) * (30000.0 / $2) * interval '1 millisecond'`;

interface TapPlayer {
  cookie: string;
  csrf: string;
  ts: number;
}

async function tapPlayers(app: App): Promise<TapPlayer[]> {
  const out: TapPlayer[] = [];
  for (let i = 0; i < tappers; i++) {
    const id = `bdt${i}x${Date.now() % 1e6}`;
    const reg = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.77.0.${i + 1}`,
      payload: { loginId: id, username: id, password: 'Passw0rd!' },
    });
    const cookie = `bb_session=${reg.cookies.find((c) => c.name === 'bb_session')!.value}`;
    const csrf = (await app.fastify.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: { cookie } })).json()
      .csrfToken as string;
    out.push({ cookie, csrf, ts: 1 });
  }
  return out;
}

/** Closed loop of tap-batch posts for `ms`; latencies in ms. */
async function tapLoad(app: App, players: TapPlayer[], ms: number): Promise<number[]> {
  const lat: number[] = [];
  const end = Date.now() + ms;
  await Promise.all(
    players.map(async (p) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const res = await app.fastify.inject({
          method: 'POST',
          url: '/api/game/tap-batch',
          headers: { cookie: p.cookie, 'x-csrf-token': p.csrf },
          payload: { secureData: encodeSecureData({ tapCount: 1, batchTimestamp: p.ts++ }, 'client') },
        });
        if (res.statusCode === 200) lat.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  return lat.sort((a, b) => a - b);
}

const summary = (xs: number[]) => ({
  n: xs.length,
  p50Ms: +percentile(xs, 50).toFixed(2),
  p99Ms: +percentile(xs, 99).toFixed(2),
});

export async function benchDrone(pgAdminUrl: string) {
  const scratch = await createScratchDb(pgAdminUrl, 'bb_bench_drone');
  const dbA = await createDb({ kind: 'postgres', url: scratch.url, max: 8 });
  const dbB = await createDb({ kind: 'postgres', url: scratch.url, max: 8 });
  try {
    await migrate(dbA);
    const t0 = Date.now();
    // Steps due evenly over one 30 s interval, as drones bought at random times would be: 333 due a second at
    // 10,000 drones, every second of the window (the offset is spread by the drone count, so a smaller run
    // is not a burst).
    console.error(`drone: seeding ${drones} players with active 250-click drones...`);
    await dbA.query(
      `INSERT INTO users (login_id, username, password_hash, attack, critical_rate, ` +
        `bonus_critical_hit, connection_rate, item_drop_rate, tap_tokens, tap_tokens_at, registration_ip)
       SELECT 'bd' || g, 'bd' || g, 'x', 1, 5, 0, 10, 0.1, 20, 0, '10.66.0.1' FROM generate_series(1, $1) g`,
      [drones],
    );
    await dbA.query(
      `INSERT INTO drone_runs (user_id, clicks_total, clicks_per_step, started_at, next_step_at, level_before, new_level)
       SELECT id, 250, '[25,25,25,25,25,25,25,25,25,25]'::jsonb, to_timestamp($1 / 1000.0) - interval '30 seconds' + ${dueOffset()},
              to_timestamp($1 / 1000.0) + ${dueOffset()}, 1, 1 FROM users`,
      [t0, drones],
    );
    await dbA.query(
      `INSERT INTO jobs (kind, dedupe_key, payload, run_at, max_attempts)
       SELECT 'drone.step', 'drone:' || id || ':0', jsonb_build_object('runId', id, 'step', 0, 'userId', user_id), next_step_at, 5 FROM drone_runs`,
    );
    const now = () => Date.now();
    const retention = { jobDoneRetentionMs: jobRetentionMs };
    const a = await buildApp({
      config: testConfig({ database: { kind: 'postgres', url: scratch.url } }),
      database: dbA,
      now,
      tapRate: { refillPerSecond: 1e6, capacity: 1e6 },
      ...retention,
    });
    const b = await buildApp({
      config: testConfig({ database: { kind: 'postgres', url: scratch.url } }),
      database: dbB,
      now,
      ...retention,
    });
    const players = await tapPlayers(a);
    // As long as the loaded sample, so both p99s rest on as many requests (a 5 s sample made the ratio noisy).
    const alone = await tapLoad(a, players, windowMs);

    // Due times restart now (setup and registration took a while): the lag measures the runners, not the setup.
    const due0 = Date.now();
    await dbA.query(
      `UPDATE drone_runs SET started_at = to_timestamp($1::float8 / 1000.0) - interval '30 seconds' + ${dueOffset()}`,
      [due0, drones],
    );
    await dbA.query(
      `UPDATE jobs SET run_at = to_timestamp($1::float8 / 1000.0) + ${dueOffset("(payload->>'runId')::int")} WHERE kind = 'drone.step'`,
      [due0, drones],
    );
    const [check] = await dbA.query<{ lag: number }>(
      `SELECT extract(epoch FROM (to_timestamp($1::float8 / 1000.0) - min(run_at))) AS lag FROM jobs WHERE kind = 'drone.step'`,
      [due0],
    );
    console.error(`drone: first step due ${Number(check!.lag).toFixed(3)} s before the runners start`);
    const ran: RanJob[] = [];
    let stop = false;
    const loop = async (app: App) => {
      let housekeptAt = Date.now();
      while (!stop) {
        const got = await app.jobs.runDue();
        ran.push(...got);
        if (Date.now() - housekeptAt >= housekeepEveryMs) {
          housekeptAt = Date.now();
          await app.jobs.housekeep();
        }
        if (got.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const jobRows: Array<{ atS: number; rows: number; done: number }> = [];
    const countJobs = async () => {
      const [row] = await dbA.query<{ rows: number; done: number }>(
        "SELECT count(*)::int AS rows, (count(*) FILTER (WHERE status = 'done'))::int AS done FROM jobs",
      );
      jobRows.push({ atS: Math.round((Date.now() - due0) / 1000), rows: row!.rows, done: row!.done });
    };
    const counting = setInterval(() => void countJobs(), jobCountEveryMs);
    console.error(`drone: two runners for ${windowMs / 1000} s with tap-batch load...`);
    const started = Date.now();
    const loops = [loop(a), loop(b)];
    const loaded = await tapLoad(a, players, windowMs);
    stop = true;
    clearInterval(counting);
    await Promise.all(loops);
    await countJobs();
    // The last batches' after-commit work (bus publishes that read the player) settles before the pools close.
    await new Promise((r) => setTimeout(r, 500));
    const wallS = (Date.now() - started) / 1000;
    await a.close();
    await b.close();

    const done = ran.filter((r) => r.outcome === 'done');
    const lags = done.map((r) => r.lagMs).sort((x, y) => x - y);
    const result = {
      drones,
      windowS: +wallS.toFixed(1),
      stepsDone: done.length,
      stepsPerS: +(done.length / wallS).toFixed(1),
      failed: ran.length - done.length,
      dueToClaimLag: summary(lags),
      meanStepMsPerRunner: +((2 * wallS * 1000) / Math.max(1, done.length)).toFixed(2),
      tapBatchAlone: summary(alone),
      tapBatchUnderDroneLoad: summary(loaded),
      jobsTable: {
        retentionS: jobRetentionMs / 1000,
        housekeepEveryS: housekeepEveryMs / 1000,
        maxRows: Math.max(...jobRows.map((r) => r.rows)),
        samples: jobRows,
      },
      note: 'steps due 30,000/min at 10,000 drones (one per drone per 30 s); a runner commits each step in the transaction that claimed it',
    };
    console.log('\n=== Background work: drones (PostgreSQL) ===');
    console.log(JSON.stringify(result, null, 2));
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}latest.background.json`, JSON.stringify(result, null, 2) + '\n');
    return result;
  } finally {
    await dbA.close();
    await dbB.close();
    await dropScratchDb(pgAdminUrl, scratch.name);
  }
}
