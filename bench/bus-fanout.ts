/**
 * What Redis pub/sub costs when every instance receives every event (docs/capacity.md):
 * `node --import tsx bench/bus-fanout.ts`. One publishing bus and N receiving buses — the game's own
 * `createRedisBus`, each with its two Redis connections, all in this process — on a fresh channel of the
 * local Redis. Events are published open loop at a fixed rate; each receiver verifies, parses and hands
 * every one to its (empty) local fan-out, as a server instance does. For each N it prints the CPU this
 * process used per published message, Redis's own CPU and bytes out per published message, and the
 * publish→arrival lag; then the slope of the CPU over N: what each receiving instance pays per message.
 * The receivers share this process's one event loop, so past a few thousand deliveries a second the lag
 * is this process saturating, not one instance. Two shapes: a chat line to everyone, and a group
 * commit's user.updated events (one message holding one event per player of the group).
 *
 * BENCH_BUS_RECEIVERS (0,1,2,4,8,16), BENCH_BUS_RATE (messages/s, 500), BENCH_BUS_SECONDS (5),
 * BENCH_BUS_GROUP (players per group commit, 8), BENCH_REDIS_URL (redis://127.0.0.1:6379, loopback only).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { BusMessage } from '../src/server/realtime/bus';
import { createRedisBus, type RedisBus } from '../src/server/realtime/bus-redis';

const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const receiverCounts = (process.env.BENCH_BUS_RECEIVERS ?? '0,1,2,4,8,16').split(',').map(Number);
const rate = Number(process.env.BENCH_BUS_RATE ?? 500);
const seconds = Number(process.env.BENCH_BUS_SECONDS ?? 5);
const groupSize = Number(process.env.BENCH_BUS_GROUP ?? 8);
const silent = { warn: () => {}, info: () => {} };

if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(redisUrl).hostname)) {
  throw new Error('the bus bench only targets a loopback Redis');
}

type Shape = { name: string; messages: (n: number) => BusMessage[] };

const chatLine: Shape = {
  name: 'chat line to everyone',
  messages: (n) => [
    {
      audience: { kind: 'everyone' },
      event: {
        t: 'chat_message',
        d: {
          id: n,
          userId: 42,
          username: 'operator42',
          message: 'anyone on the boss?',
          createdAt: new Date().toISOString(),
        },
      },
    },
  ],
};

const userUpdates: Shape = {
  name: `group commit, ${groupSize} × user.updated`,
  messages: (n) =>
    Array.from({ length: groupSize }, (_, i) => ({
      audience: { kind: 'users' as const, userIds: [n * groupSize + i] },
      event: {
        t: 'user.updated' as const,
        d: {
          id: n * groupSize + i,
          loginId: `player${i}`,
          username: `player${i}`,
          level: 17,
          currentExp: 1234,
          maxExp: 4000,
          totalTaps: 98_765,
          telnet: 12_345,
          attack: 30,
          criticalRate: 0.12,
          bonusCriticalHit: 1.5,
          connectionRate: 1.25,
          itemDropRate: 0.05,
        },
      },
    })),
};

export interface RunResult {
  shape: string;
  receivers: number;
  published: number;
  delivered: number;
  cpuUsPerPublish: number;
  redisCpuUsPerPublish: number;
  redisBytesOutPerPublish: number;
  lagP50Ms: number;
  lagP99Ms: number;
}

async function redisCounters(admin: Redis): Promise<{ cpuS: number; bytesOut: number }> {
  const cpu = await admin.info('cpu');
  const stats = await admin.info('stats');
  const field = (text: string, name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(text)?.[1] ?? 0);
  return {
    cpuS: field(cpu, 'used_cpu_user') + field(cpu, 'used_cpu_sys'),
    bytesOut: field(stats, 'total_net_output_bytes'),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(shape: Shape, receivers: number, admin: Redis): Promise<RunResult> {
  const channel = `bitbreach:bench-bus:${randomUUID()}`;
  const lags: number[] = [];
  let delivered = 0;
  const open = (id: string, onLag?: (ms: number) => void): RedisBus =>
    createRedisBus({
      url: redisUrl,
      channel,
      instanceId: id,
      log: silent,
      bufferMax: 10_000,
      secret: 'bus-bench-secret-'.repeat(3),
      ...(onLag ? { onLag } : {}),
    });
  const publisher = open('publisher');
  const others = Array.from({ length: receivers }, (_, i) => open(`receiver-${i}`, (ms) => lags.push(ms)));
  others.forEach((bus) => bus.subscribe(() => (delivered += 1)));
  await Promise.all([publisher, ...others].map((bus) => bus.ready()));
  await sleep(200);
  const total = rate * seconds;
  const expected = total * receivers * shape.messages(0).length;
  const redisBefore = await redisCounters(admin);
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  // Open loop in ticks of 10 ms: each tick publishes what is due by then, however slow the receivers are.
  for (let n = 0; n < total;) {
    const wait = startedAt + (n * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const due = Math.min(total, Math.floor(((performance.now() - startedAt + 10) * rate) / 1000));
    const until = Math.max(due, n + 1);
    for (; n < until; n += 1) publisher.publishAll(shape.messages(n));
  }
  const deadline = performance.now() + 10_000;
  while (delivered < expected && performance.now() < deadline) await sleep(20);
  const cpu = process.cpuUsage(cpuBefore);
  const redisAfter = await redisCounters(admin);
  await Promise.all([publisher, ...others].map((bus) => bus.close()));
  lags.sort((a, b) => a - b);
  return {
    shape: shape.name,
    receivers,
    published: total,
    delivered,
    cpuUsPerPublish: (cpu.user + cpu.system) / total,
    redisCpuUsPerPublish: ((redisAfter.cpuS - redisBefore.cpuS) * 1e6) / total,
    redisBytesOutPerPublish: (redisAfter.bytesOut - redisBefore.bytesOut) / total,
    lagP50Ms: percentile(lags, 50),
    lagP99Ms: percentile(lags, 99),
  };
}

/**
 * What each receiving instance pays per message: the slope of this process's CPU per published message
 * over the number of receivers (least squares), so the publisher's own cost and the timers drop out.
 */
export function perReceiverUs(results: RunResult[]): number {
  const n = results.length;
  const mx = results.reduce((s, r) => s + r.receivers, 0) / n;
  const my = results.reduce((s, r) => s + r.cpuUsPerPublish, 0) / n;
  const sxy = results.reduce((s, r) => s + (r.receivers - mx) * (r.cpuUsPerPublish - my), 0);
  const sxx = results.reduce((s, r) => s + (r.receivers - mx) ** 2, 0);
  return sxx === 0 ? NaN : sxy / sxx;
}

async function main(): Promise<void> {
  const admin = new Redis(redisUrl);
  console.log(`bus fan-out: ${rate} messages/s for ${seconds} s per run, receivers ${receiverCounts.join(', ')}`);
  console.log(
    'shape                              N  delivered   µs CPU/msg  Redis µs/msg  Redis B out/msg  lag p50/p99 ms',
  );
  for (const shape of [chatLine, userUpdates]) {
    const results: RunResult[] = [];
    for (const receivers of receiverCounts) {
      const result = await run(shape, receivers, admin);
      results.push(result);
      console.log(
        [
          shape.name.padEnd(33),
          String(receivers).padStart(2),
          String(result.delivered).padStart(10),
          result.cpuUsPerPublish.toFixed(1).padStart(12),
          result.redisCpuUsPerPublish.toFixed(1).padStart(13),
          result.redisBytesOutPerPublish.toFixed(0).padStart(16),
          `${result.lagP50Ms}/${result.lagP99Ms}`.padStart(15),
        ].join(' '),
      );
    }
    console.log(
      `  → each receiving instance: ${perReceiverUs(results).toFixed(1)} µs of CPU per message (slope over N)`,
    );
  }
  admin.disconnect();
}

await main();
