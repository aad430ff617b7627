import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { runChatFanout } from './chat-fanout';
import type { BenchConfig, Driver } from './config';
import type { FanoutResult } from './fanout-analysis';
import { createTarget } from './http-client';
import { runIdleRequests, type IdleResult } from './idle-requests';
import { registerPlayers } from './players';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer, type ServerHandle } from './server-handle';

// The realtime part of the bench, on a server child of its own (started with probes): register the
// players, (a) fan chat out to the open sockets, then (b) count what idle tabs ask for. The
// fan-out goes first so the idle polls read a chat history with a full page in it, as a live
// channel would have.

export interface RealtimeResult {
  driver: Driver;
  storage: string;
  playersRegistered: number;
  registerS: number;
  fanout: FanoutResult;
  idle: IdleResult;
}

export async function benchRealtime(config: BenchConfig): Promise<RealtimeResult> {
  const rt = config.realtime;
  const driver = rt.driver;
  console.error(`\n[realtime, ${driver}] starting server...`);
  const scratch = driver === 'postgres' ? await createScratchDb(config.pgAdminUrl, 'bb_bench_rt') : null;
  try {
    const server = await startServer({
      driver,
      databaseUrl: scratch?.url,
      cpuProfileDir: config.cpuProfileDir,
      probes: true,
    });
    const target = createTarget(server.port, 64);
    try {
      const count = Math.max(
        Math.ceil(rt.sockets / rt.socketsPerPlayer),
        rt.idlePlayers,
        rt.chatSenders + rt.warmupLines,
      );
      console.error(`  registering ${count} players (argon2id, ${config.registerConcurrency} at a time)...`);
      const registerStartedAt = performance.now();
      const players = await registerPlayers(target, count, config.registerConcurrency, config.requestTimeoutMs);
      const registerS = (performance.now() - registerStartedAt) / 1000;
      console.error(`  registered in ${registerS.toFixed(1)} s`);

      const fanout = await runChatFanout(server, target, scratch?.name ?? null, players, config);
      console.error(
        `  fan-out: ${fanout.deliveries}/${fanout.expectedDeliveries} deliveries, p50 ${fanout.delivery.p50Ms.toFixed(1)} ms, ` +
          `p99 ${fanout.delivery.p99Ms.toFixed(1)} ms, max ${fanout.delivery.maxMs.toFixed(1)} ms; POST p50 ${fanout.post.p50Ms.toFixed(1)} ms`,
      );
      // The fleet's close makes every player go offline (presence writes and events): let it pass.
      await waitForEmptyHub(server, 30_000);

      const idle = await runIdleRequests(server, target, players.slice(0, rt.idlePlayers), config);
      const storage =
        driver === 'postgres'
          ? 'PostgreSQL scratch database, pool of 10'
          : 'PGlite in memory (memory://), one connection';
      return { driver, storage, playersRegistered: players.length, registerS, fanout, idle };
    } finally {
      target.agent.destroy();
      await server.close();
    }
  } finally {
    if (scratch) await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}

/** Waits (bounded) until the hub has no socket left and the offline events have passed. */
async function waitForEmptyHub(server: ServerHandle, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const probes = await server.probes();
    if (probes.hub.sockets === 0 && performance.timeOrigin + performance.now() - probes.lastPublishAt > 1000) return;
    await sleep(250);
  }
  console.error('  warning: the hub still had sockets or events 30 s after the fan-out fleet closed');
}
