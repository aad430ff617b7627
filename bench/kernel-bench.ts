/**
 * The Kernel's figures, `BENCH_ONLY=kernel npm run bench`:
 *  - snapshot: bytes and time to serve a fully owned 800×800 canvas (1,000 owners in 25×25 blocks,
 *    as players paint) cold (read + encode) and warm (cached), the ratio to raw RGBA (2,560,000 B),
 *    and the worst case (every bit a random one of 1,000 colours) encoded in memory;
 *  - purchases/s on PostgreSQL by 1,000 signed-in players, closed loop, against the constant route
 *    on the same Fastify instance in the same run.
 * Both run in-process through fastify.inject, so the load generator shares the server's event loop;
 * the ratio to the constant route is the figure to compare, not the absolute rate.
 */
import { randomUUID } from 'node:crypto';
import { gridPaths } from '../src/core/api/kernel';
import { emptyGrid, encodeSnapshot } from '../src/core/rules/kernel-snapshot';
import { buildApp } from '../src/server/app';
import { createDb } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { createGrantService } from '../src/server/features/grant/service';
import { testConfig } from '../tests/support/config';
import type { BenchConfig } from './config';
import { createScratchDb, dropScratchDb } from './scratch-db';

export interface KernelBenchResult {
  snapshot: {
    bytes: number;
    rawRgbaBytes: number;
    ratioToRgba: number;
    coldMs: number;
    warmMs: number;
    notModifiedMs: number;
    worstCaseBytes: number;
    worstCaseRatio: number;
    worstCaseEncodeMs: number;
  };
  purchases: {
    players: number;
    seconds: number;
    concurrency: number;
    purchasesPerS: number;
    constantPerS: number;
    ratioToConstant: number;
    refused: number;
  };
}

const rawRgba = 800 * 800 * 4;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchKernel(
  config: BenchConfig,
  players = 1000,
  seconds = 8,
  concurrency = 32,
): Promise<KernelBenchResult> {
  const scratch = await createScratchDb(config.pgAdminUrl, 'bench_kernel');
  const database = await createDb({ kind: 'postgres', url: scratch.url, max: 10 });
  try {
    await migrate(database);
    const app = await buildApp({ config: testConfig({ accountsPerIp: 0, logLevel: 'silent' }), database });
    app.fastify.post('/api/bench/constant', async () => ({ ok: true }));
    await app.fastify.ready();
    const grant = createGrantService({ database });

    console.error(`kernel: registering ${players} players...`);
    const sessions: { cookie: string; csrf: string }[] = [];
    for (let i = 0; i < players; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, players - i) }, async (_, j) => {
          const n = i + j;
          const loginId = `kb${n}x${randomUUID().slice(0, 6)}`;
          const ip = `10.${n >> 8}.${n & 255}.7`;
          const reg = await app.fastify.inject({
            method: 'POST',
            url: '/api/auth/register',
            remoteAddress: ip,
            payload: { loginId, username: loginId, password: 'Passw0rd!' },
          });
          const set = reg.cookies.find((c) => c.name === 'bb_session');
          if (!set) throw new Error(`register ${reg.statusCode} ${reg.body}`);
          const cookie = `bb_session=${set.value}`;
          const csrf = (
            await app.fastify.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: { cookie } })
          ).json().csrfToken as string;
          await grant.grant({ loginId, telnet: 100_000 });
          const headers = { cookie, 'x-csrf-token': csrf };
          await app.fastify.inject({
            method: 'POST',
            url: gridPaths.setColor,
            headers,
            payload: { colorR: (n * 37) % 256, colorG: (n * 91) % 256, colorB: (n * 53) % 256 },
          });
          return { cookie, csrf };
        }),
      );
      sessions.push(...batch);
    }

    // Purchases: every request a distinct free bit, players in turn; a per-player budget of 120/min
    // would cap a single player, so each player buys at most a few per run.
    const closedLoop = async (send: (i: number) => Promise<number>) => {
      let next = 0;
      let ok = 0;
      let refused = 0;
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (Date.now() < until) {
            const status = await send(next++);
            if (status === 200) ok++;
            else refused++;
          }
        }),
      );
      return { perS: ok / seconds, refused };
    };
    console.error('kernel: constant route...');
    const constant = await closedLoop(async (i) => {
      const s = sessions[i % players]!;
      return (
        await app.fastify.inject({
          method: 'POST',
          url: '/api/bench/constant',
          headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
          payload: { x: 1, y: 2 },
        })
      ).statusCode;
    });
    console.error('kernel: purchases...');
    const bought = await closedLoop(async (i) => {
      const s = sessions[i % players]!;
      const res = await app.fastify.inject({
        method: 'POST',
        url: gridPaths.purchase,
        headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'idempotency-key': randomUUID() },
        payload: { x: i % 800, y: Math.floor(i / 800) % 800 },
      });
      return res.statusCode;
    });

    // Fill the rest of the canvas as 1,000 owners painting 25×25 blocks, versions continuing on.
    console.error('kernel: filling the canvas...');
    await database.query(`
      WITH ids AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users),
      cells AS (
        SELECT x, y, (((y / 25) * 32 + (x / 25)) % (SELECT count(*) FROM ids)) AS n
        FROM generate_series(0, 799) AS x, generate_series(0, 799) AS y
        WHERE NOT EXISTS (SELECT 1 FROM kernel_bits b WHERE b.x = x AND b.y = y)
      ),
      base AS (SELECT version FROM kernel_state WHERE id = 1)
      INSERT INTO kernel_bits (x, y, owner_id, color_r, color_g, color_b, price, version, claimed_at)
      SELECT c.x, c.y, i.id, k.color_r, k.color_g, k.color_b,
             greatest(1, least(20, round(20 - 19 * sqrt(((c.x - 400) ^ 2 + (c.y - 400) ^ 2)::float) / 565.685)))::int,
             (SELECT version FROM base) + row_number() OVER (ORDER BY c.y, c.x), now()
      FROM cells c JOIN ids i ON i.n = c.n JOIN kernel_colors k ON k.user_id = i.id
      ON CONFLICT (x, y) DO NOTHING`);
    await database.query('UPDATE kernel_state SET version = (SELECT max(version) FROM kernel_bits) WHERE id = 1');

    const s = sessions[0]!;
    const get = async (etag?: string) => {
      const t = performance.now();
      const res = await app.fastify.inject({
        method: 'GET',
        url: gridPaths.snapshot,
        headers: { cookie: s.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
      return { ms: performance.now() - t, res };
    };
    const cold = await get();
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push((await get()).ms);
    const notModified: number[] = [];
    for (let i = 0; i < 5; i++) notModified.push((await get(cold.res.headers.etag as string)).ms);

    // Worst case: no spatial runs at all.
    const worst = emptyGrid(800, 800);
    worst.owned.fill(1);
    for (let i = 0; i < 640_000; i++) {
      const c = ((Math.random() * 1000) | 0) * 16_777;
      worst.rgb[i * 3] = c >> 16;
      worst.rgb[i * 3 + 1] = (c >> 8) & 255;
      worst.rgb[i * 3 + 2] = c & 255;
    }
    const t = performance.now();
    const worstBytes = encodeSnapshot(worst).length;
    const worstMs = performance.now() - t;

    await app.close();
    const bytes = cold.res.rawPayload.length;
    return {
      snapshot: {
        bytes,
        rawRgbaBytes: rawRgba,
        ratioToRgba: bytes / rawRgba,
        coldMs: cold.ms,
        warmMs: median(warm),
        notModifiedMs: median(notModified),
        worstCaseBytes: worstBytes,
        worstCaseRatio: worstBytes / rawRgba,
        worstCaseEncodeMs: worstMs,
      },
      purchases: {
        players,
        seconds,
        concurrency,
        purchasesPerS: bought.perS,
        constantPerS: constant.perS,
        ratioToConstant: bought.perS / constant.perS,
        refused: bought.refused,
      },
    };
  } finally {
    await database.close();
    await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}
