import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchConfig } from './config';
import type { Target } from './http-client';
import { expectedPerPlayerMinute, idleDesigns, type IdleDesign } from './idle-designs';
import { emptyCounts, mountTab, type TabCounts } from './idle-tabs';
import type { BenchPlayer } from './players';
import type { ServerHandle } from './server-handle';
import type { ServerProbes } from './server-protocol';

// (b) of Requests per idle player-minute. Each design runs on its own, with the same
// idle players, against the real server; the count is what the server received (its raw
// 'request' event, see server-probes.ts) within a window that opens after every tab has mounted,
// so "once at start" calls stay out of it. The tabs' own counts cross-check the server's.

export interface IdleDesignResult {
  design: IdleDesign;
  players: number;
  windowS: number;
  /** Idle players × window in minutes: the denominator of every per-player-minute figure. */
  playerMinutes: number;
  /** HTTP requests the server received in the window, by "METHOD /path". */
  requests: Record<string, number>;
  requestsPerPlayerMinute: number;
  /** What the design's intervals predict, to check the measurement against. */
  expectedPerPlayerMinute: number;
  csrfTokenPerPlayerMinute: number;
  /** Requests to paths the server does not serve yet (answered 404, counted all the same). */
  notServedPerPlayerMinute: number;
  /** Socket frames per player-minute, server → tab (events, pings) and tab → server (pongs, heartbeats). */
  framesToTabPerPlayerMinute: number;
  framesFromTabPerPlayerMinute: number;
  frames: ServerProbes['frames'];
  /**
   * Server CPU per idle player-minute, in ms, net of the server's CPU with no tab at all (the
   * baseline window); the hub's own timers for these tabs (pings, presence refresh) are included.
   */
  serverCpuMsPerPlayerMinute: number;
  /** Raw server CPU during the window, % of one core, baseline included. */
  serverCpuPct: number;
  tabs: TabCounts;
}

const diff = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([k, v]) => [k, v - (before[k] ?? 0)] as const)
      .filter(([, v]) => v !== 0),
  );

export interface IdleResult {
  /** Server CPU with no tab connected or polling, % of one core: subtracted from each design. */
  baselineCpuPct: number;
  baselineWindowS: number;
  designs: IdleDesignResult[];
}

/** Server CPU % over a window, from two stats snapshots taken around `wait`. */
async function serverCpuPctDuring(
  server: ServerHandle,
  wait: () => Promise<unknown>,
): Promise<{ pct: number; wallS: number }> {
  const before = { stats: await server.stats(), at: performance.now() };
  await wait();
  const after = { stats: await server.stats(), at: performance.now() };
  const cpuUs = after.stats.cpuUserUs + after.stats.cpuSystemUs - before.stats.cpuUserUs - before.stats.cpuSystemUs;
  return { pct: (100 * cpuUs) / ((after.at - before.at) * 1000), wallS: (after.at - before.at) / 1000 };
}

async function runDesign(
  server: ServerHandle,
  target: Target,
  players: BenchPlayer[],
  config: BenchConfig,
  spec: (typeof idleDesigns)[number],
  baselineCpuPct: number,
): Promise<IdleDesignResult> {
  const rt = config.realtime;
  const counts = emptyCounts();
  const tabs = players.map((player) =>
    mountTab(target, player, {
      polls: spec.polls,
      prefetch: spec.prefetch,
      socket: spec.socket,
      heartbeatMs: rt.clientHeartbeatMs,
      mountInMs: Math.random() * rt.idleRampMs,
      timeoutMs: config.requestTimeoutMs,
      counts,
    }),
  );
  try {
    // Every tab has mounted and finished its start-up calls by the time the window opens.
    await sleep(rt.idleRampMs + 1000);
    const before = { stats: await server.stats(), probes: await server.probes(), at: performance.now() };
    await sleep(rt.idleWindowMs);
    const after = { stats: await server.stats(), probes: await server.probes(), at: performance.now() };
    const minutes = (after.at - before.at) / 60_000;
    const playerMinutes = players.length * minutes;
    const requests = diff(after.probes.requests, before.probes.requests);
    const total = Object.values(requests).reduce((a, b) => a + b, 0);
    const notServed = spec.polls
      .filter((p) => p.notServedYet)
      .reduce((n, p) => n + (requests[`GET ${p.path}`] ?? 0), 0);
    const frames = diff(after.probes.frames, before.probes.frames) as Partial<ServerProbes['frames']>;
    const f = {
      eventsSent: frames.eventsSent ?? 0,
      pingsSent: frames.pingsSent ?? 0,
      pongsReceived: frames.pongsReceived ?? 0,
      messagesReceived: frames.messagesReceived ?? 0,
    };
    const serverCpuUs =
      after.stats.cpuUserUs + after.stats.cpuSystemUs - before.stats.cpuUserUs - before.stats.cpuSystemUs;
    const baselineUs = (baselineCpuPct / 100) * (after.at - before.at) * 1000;
    const result: IdleDesignResult = {
      design: spec.design,
      players: players.length,
      windowS: minutes * 60,
      playerMinutes,
      requests,
      requestsPerPlayerMinute: total / playerMinutes,
      expectedPerPlayerMinute: expectedPerPlayerMinute(spec.polls, spec.prefetch),
      csrfTokenPerPlayerMinute: (requests['GET /api/auth/csrf-token'] ?? 0) / playerMinutes,
      notServedPerPlayerMinute: notServed / playerMinutes,
      framesToTabPerPlayerMinute: (f.eventsSent + f.pingsSent) / playerMinutes,
      framesFromTabPerPlayerMinute: (f.pongsReceived + f.messagesReceived) / playerMinutes,
      frames: f,
      serverCpuMsPerPlayerMinute: Math.max(0, serverCpuUs - baselineUs) / 1000 / playerMinutes,
      serverCpuPct: (100 * serverCpuUs) / ((after.at - before.at) * 1000),
      tabs: counts,
    };
    console.error(
      `  ${spec.design}: ${result.requestsPerPlayerMinute.toFixed(1)} requests per ` +
        `idle player-minute (expected ${result.expectedPerPlayerMinute.toFixed(1)}), ` +
        `${(result.framesToTabPerPlayerMinute + result.framesFromTabPerPlayerMinute).toFixed(1)} ` +
        `socket frames, server CPU ${result.serverCpuMsPerPlayerMinute.toFixed(1)} ms per player-minute`,
    );
    return result;
  } finally {
    await Promise.all(tabs.map((tab) => tab.stop()));
  }
}

/**
 * A baseline with no tab, then the three designs one after the other, on the same idle players.
 * The baseline matters at this scale: 50 idle tabs cost the server a few % of a core, and a
 * server that just finished the fan-out still spends some on garbage collection and JIT.
 */
export async function runIdleRequests(
  server: ServerHandle,
  target: Target,
  players: BenchPlayer[],
  config: BenchConfig,
): Promise<IdleResult> {
  const rt = config.realtime;
  // After the fan-out the server still collects garbage for a while; the baseline should be the
  // idle server's, not that tail. 2-s slices until one stays under 1 % of a core (bounded).
  const quietUntil = performance.now() + rt.idleQuietMaxMs;
  while (performance.now() < quietUntil && (await serverCpuPctDuring(server, () => sleep(2000))).pct >= 1) {
    // keep waiting
  }
  console.error(`  idle: baseline without tabs, ${rt.idleBaselineMs / 1000} s...`);
  const baseline = await serverCpuPctDuring(server, () => sleep(rt.idleBaselineMs));
  const designs: IdleDesignResult[] = [];
  for (const spec of idleDesigns) {
    console.error(`  idle: ${players.length} players, ${spec.design}, ${rt.idleWindowMs / 1000} s window...`);
    designs.push(await runDesign(server, target, players, config, spec, baseline.pct));
    // Closing sockets publishes presence changes; let them pass before the next window.
    await sleep(1000);
  }
  return { baselineCpuPct: baseline.pct, baselineWindowS: baseline.wallS, designs };
}
