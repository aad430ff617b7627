import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { gridPaths } from '../src/core/api/kernel';
import { infra } from '../src/core/infra';
import { createDb } from '../src/server/db/connect';
import { createGrantService } from '../src/server/features/grant/service';
import { settle } from './chat-fanout';
import type { BenchConfig } from './config';
import { distribution, type Distribution } from './fanout-analysis';
import { createTarget, send, type Target } from './http-client';
import { registerPlayers, type BenchPlayer } from './players';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer, type ServerHandle } from './server-handle';
import { frameEvents, SocketFleet } from './socket-fleet';

// The Kernel's fan-out: grid_update from a purchase to 2,000 open sockets. Two server
// children on one PostgreSQL scratch database and one Redis (so one bus channel); every socket is
// on instance A. Phase "same instance": purchases POSTed to A, which serves its sockets at once.
// Phase "through Redis": the same purchases POSTed to B, so every delivery crosses the Redis
// channel to A before A fans it out. The fleet, the matching by time and the settling are the chat
// fan-out's (chat-fanout.ts, socket-fleet.ts); latency is receipt minus the time just before the
// POST left, both read with performance.now() in this process.

export interface KernelFanoutPhase {
  route: 'same instance' | 'other instance through Redis';
  purchases: number;
  purchasesPerS: number;
  postStatuses: Record<string, number>;
  post: Distribution;
  /** Purchase → receipt over every (purchase × socket) delivery. */
  delivery: Distribution;
  deliveries: number;
  expectedDeliveries: number;
  missing: number;
  duplicates: number;
  /** Per purchase: send → first socket, send → last socket. */
  firstReceipt: Distribution;
  lastReceipt: Distribution;
  /** Per purchase: POST answered → first socket (negative: a socket had it before the answer), and first → last socket (the fan-out's own spread). */
  answerToFirst: Distribution;
  spread: Distribution;
  streamGaps: number;
  closedEarly: number;
  serverACpuPct: number;
  serverBCpuPct: number;
  loadGeneratorCpuPct: number;
  loadAverageBefore: string;
  loadAverageAfter: string;
}

export interface KernelFanoutResult {
  storage: string;
  sockets: number;
  requestedSockets: number;
  players: number;
  socketsPerPlayer: number;
  openFailures: number;
  firstOpenFailure: string | null;
  settled: boolean;
  openS: number;
  closeCodes: Record<string, number>;
  buyers: number;
  phases: KernelFanoutPhase[];
}

interface Purchase {
  x: number;
  y: number;
  buyer: BenchPlayer;
  sentAt: number;
  answeredAt: number | null;
  status: number;
}

const buyerCount = 20;
const gridPrefix = '{"t":"grid_update"';
const cpuPct = (
  before: { cpuUserUs: number; cpuSystemUs: number },
  after: { cpuUserUs: number; cpuSystemUs: number },
  wallMs: number,
) => (100 * (after.cpuUserUs + after.cpuSystemUs - before.cpuUserUs - before.cpuSystemUs)) / (wallMs * 1000);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function purchase(target: Target, p: Purchase, timeoutMs: number): Promise<void> {
  p.sentAt = performance.now();
  try {
    const reply = await send(target, 'POST', gridPaths.purchase, {
      headers: { cookie: p.buyer.cookie, 'x-csrf-token': p.buyer.csrfToken, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ x: p.x, y: p.y }),
      timeoutMs,
    });
    p.answeredAt = performance.now();
    p.status = reply.status;
  } catch {
    p.status = 0;
  }
}

export async function benchKernelFanout(
  config: BenchConfig,
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
): Promise<KernelFanoutResult> {
  const rt = config.realtime;
  const purchases = Number(process.env.BENCH_KERNEL_PURCHASES ?? 50);
  // 5 purchases/s by default, the chat fan-out's line rate: 20 buyers take turns, one purchase each every 4 s, far under 120/min.
  const gapMs = 1000 / Number(process.env.BENCH_KERNEL_PURCHASES_PER_S ?? 5);
  const scratch = await createScratchDb(config.pgAdminUrl, 'bb_bench_kfan');
  // Both children must accept the same session cookies and sign the bus with the same key.
  process.env.BENCH_SESSION_SECRET ??= randomBytes(32).toString('base64url');
  const servers: ServerHandle[] = [];
  const targets: Target[] = [];
  try {
    console.error(`\n[kernel fan-out] starting two instances on one PostgreSQL and Redis ${redisUrl}...`);
    // One after the other: both run the migrations at start.
    for (let i = 0; i < 2; i++)
      servers.push(
        await startServer({
          driver: 'postgres',
          databaseUrl: scratch.url,
          cpuProfileDir: null,
          probes: true,
          redisUrl,
        }),
      );
    const [a, b] = servers as [ServerHandle, ServerHandle];
    const targetA = createTarget(a.port, 64);
    const targetB = createTarget(b.port, 64);
    targets.push(targetA, targetB);

    // A session may hold infra.socketsPerSession sockets (tabs) on an instance; more are refused with 429.
    const perPlayer = Math.min(rt.socketsPerPlayer, infra.socketsPerSession);
    const socketPlayerCount = Math.ceil(rt.sockets / perPlayer);
    console.error(`  registering ${socketPlayerCount + buyerCount} players...`);
    const players = await registerPlayers(
      targetA,
      socketPlayerCount + buyerCount,
      config.registerConcurrency,
      config.requestTimeoutMs,
    );
    const socketPlayers = players.slice(0, socketPlayerCount);
    const buyers = players.slice(socketPlayerCount);

    // Buyers get Telnet through the operator grant (wallet + ledger) and a colour through the route.
    const database = await createDb({ kind: 'postgres', url: scratch.url, max: 2 });
    try {
      const grant = createGrantService({ database });
      const rows = await database.query<{ login_id: string }>(
        `SELECT login_id FROM users WHERE id IN (${buyers.map((p) => Math.trunc(p.id)).join(',')})`,
      );
      if (rows.length !== buyers.length) throw new Error(`found ${rows.length} of ${buyers.length} buyers`);
      for (const row of rows) await grant.grant({ loginId: row.login_id, telnet: 100_000 });
    } finally {
      await database.close();
    }
    for (const [n, buyer] of buyers.entries()) {
      const reply = await send(targetA, 'POST', gridPaths.setColor, {
        headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrfToken },
        body: JSON.stringify({ colorR: (n * 37) % 256, colorG: (n * 91) % 256, colorB: (n * 53) % 256 }),
        timeoutMs: config.requestTimeoutMs,
      });
      if (reply.status !== 200) throw new Error(`set-color answered ${reply.status}`);
    }

    const openStartedAt = performance.now();
    console.error(`  opening ${rt.sockets} sockets on instance A (${perPlayer} per player)...`);
    // Every socket shows the Kernel: this bench measures the fan-out to the tabs that get grid_update (ADR 084).
    const fleet = await SocketFleet.open(a.port, socketPlayers, {
      count: rt.sockets,
      concurrency: rt.openConcurrency,
      timeoutMs: rt.openTimeoutMs,
      kernelWatchEvery: 1,
    });
    if (fleet.openFailures.length > 0)
      console.error(`  ${fleet.openFailures.length} sockets failed to open, e.g. ${fleet.openFailures[0]}`);
    try {
      const settled = await settle(a, fleet, rt.openTimeoutMs);
      const openS = (performance.now() - openStartedAt) / 1000;
      const closedWhileOpening = fleet.closedEarly;
      console.error(
        `  ${fleet.sockets.length - closedWhileOpening} sockets open${settled ? ' and settled' : ''} after ${openS.toFixed(1)} s`,
      );

      // Unmeasured: the first purchase and fan-out on each instance pay JIT and cold caches.
      for (const [i, target] of [targetA, targetB].entries()) {
        const warm: Purchase = { x: 790 + i, y: 799, buyer: buyers[i]!, sentAt: NaN, answeredAt: null, status: 0 };
        await purchase(target, warm, config.requestTimeoutMs);
        if (warm.status !== 200) throw new Error(`warm-up purchase answered ${warm.status}`);
      }
      await sleep(1000);

      const phases: KernelFanoutPhase[] = [];
      for (const [phaseIndex, route] of (['same instance', 'other instance through Redis'] as const).entries()) {
        const target = phaseIndex === 0 ? targetA : targetB;
        const batch: Purchase[] = Array.from({ length: purchases }, (_, i) => ({
          x: i % 800,
          y: 700 + phaseIndex * 10 + Math.floor(i / 800),
          // Turns skip the two warm-up buyers' first slot; 20 buyers, each well under the per-player budget.
          buyer: buyers[(i + 2) % buyers.length]!,
          sentAt: NaN,
          answeredAt: null,
          status: 0,
        }));
        const open = fleet.sockets.length - fleet.closedEarly;
        const expected = purchases * open;
        const gapsBefore = fleet.streamGaps;
        const closedBefore = fleet.closedEarly;
        const before = {
          a: await a.stats(),
          b: await b.stats(),
          self: process.cpuUsage(),
          at: performance.now(),
          load: load(),
        };
        console.error(`  ${route}: ${purchases} purchases at ${1000 / gapMs}/s to ${open} sockets...`);
        fleet.startRecording('grid_update');
        const startAt = performance.now();
        const posts: Promise<void>[] = [];
        for (const [i, p] of batch.entries()) {
          const wait = startAt + i * gapMs - performance.now();
          if (wait > 0) await sleep(wait);
          posts.push(purchase(target, p, config.requestTimeoutMs));
        }
        await Promise.all(posts);
        const waitUntil = performance.now() + rt.deliveryTimeoutMs;
        while (fleet.chatFramesSeen < expected && performance.now() < waitUntil) await sleep(20);
        await sleep(200);
        const frames = fleet.stopRecording();
        const after = {
          a: await a.stats(),
          b: await b.stats(),
          self: process.cpuUsage(before.self),
          at: performance.now(),
          load: load(),
        };

        const byBit = new Map(batch.map((p) => [`${p.x},${p.y}`, { p, seen: new Map<number, number>() }]));
        let duplicates = 0;
        for (const frame of frames) {
          if (!frame.text.includes(gridPrefix)) continue;
          for (const event of frameEvents(frame.text)) {
            if (event.t !== 'grid_update') continue;
            const d = event.d as { x: number; y: number };
            const entry = byBit.get(`${d.x},${d.y}`);
            if (!entry) continue;
            if (entry.seen.has(frame.socket)) duplicates += 1;
            else entry.seen.set(frame.socket, frame.at);
          }
        }
        const latencies: number[] = [];
        const firsts: number[] = [];
        const lasts: number[] = [];
        const answerToFirst: number[] = [];
        const spread: number[] = [];
        for (const { p, seen } of byBit.values()) {
          if (seen.size === 0) continue;
          let first = Infinity;
          let last = -Infinity;
          for (const at of seen.values()) {
            latencies.push(at - p.sentAt);
            first = Math.min(first, at);
            last = Math.max(last, at);
          }
          firsts.push(first - p.sentAt);
          lasts.push(last - p.sentAt);
          spread.push(last - first);
          if (p.answeredAt !== null) answerToFirst.push(first - p.answeredAt);
        }
        const postStatuses: Record<string, number> = {};
        for (const p of batch) postStatuses[String(p.status)] = (postStatuses[String(p.status)] ?? 0) + 1;
        const wallMs = after.at - before.at;
        const phase: KernelFanoutPhase = {
          route,
          purchases,
          purchasesPerS: 1000 / gapMs,
          postStatuses,
          post: distribution(batch.filter((p) => p.answeredAt !== null).map((p) => p.answeredAt! - p.sentAt)),
          delivery: distribution(latencies),
          deliveries: latencies.length,
          expectedDeliveries: expected,
          missing: expected - latencies.length,
          duplicates,
          firstReceipt: distribution(firsts),
          lastReceipt: distribution(lasts),
          answerToFirst: distribution(answerToFirst),
          spread: distribution(spread),
          streamGaps: fleet.streamGaps - gapsBefore,
          closedEarly: fleet.closedEarly - closedBefore,
          serverACpuPct: cpuPct(before.a, after.a, wallMs),
          serverBCpuPct: cpuPct(before.b, after.b, wallMs),
          loadGeneratorCpuPct: (100 * (after.self.user + after.self.system)) / (wallMs * 1000),
          loadAverageBefore: before.load,
          loadAverageAfter: after.load,
        };
        console.error(
          `    ${phase.deliveries}/${expected} deliveries, p50 ${phase.delivery.p50Ms.toFixed(1)} ms, p99 ${phase.delivery.p99Ms.toFixed(1)} ms, ` +
            `max ${phase.delivery.maxMs.toFixed(1)} ms; first→last socket p50 ${phase.spread.p50Ms.toFixed(1)} ms; ` +
            `POST p50 ${phase.post.p50Ms.toFixed(1)} ms; statuses ${JSON.stringify(postStatuses)}; load ${after.load}`,
        );
        phases.push(phase);
        await sleep(1000);
      }
      return {
        storage: 'PostgreSQL scratch database shared by both instances; Redis pub/sub between them',
        sockets: fleet.sockets.length - closedWhileOpening,
        requestedSockets: rt.sockets,
        players: socketPlayers.length,
        socketsPerPlayer: perPlayer,
        openFailures: fleet.openFailures.length,
        firstOpenFailure: fleet.openFailures[0] ?? null,
        settled,
        openS,
        closeCodes: { ...fleet.closeCodes },
        buyers: buyers.length,
        phases,
      };
    } finally {
      await fleet.close(10_000);
    }
  } finally {
    for (const t of targets) t.agent.destroy();
    for (const s of servers) await s.close();
    await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}
