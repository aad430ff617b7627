/**
 * `npm run bench:logs`: what request logging costs the server, in µs of its CPU per request, on the
 * signed-in constant route (every hook, a trivial handler) at peak (closed loop). Three servers of
 * the same code run side by side: no request logging, one line per request (ADR 070), and Fastify's
 * default two lines (what ran before ADR 070, reproduced with its own serializers). Logs go through
 * the production output (log-output.ts) to /dev/null, so the figure is serializing and writing, not a
 * reader's work. The phases alternate between the servers, several rounds, so a machine shared with
 * other work loads each mode alike; the machine's busy share and load average are printed beside.
 * Then the same three in this process with injected requests (log-cost-inline.ts): no network, no
 * load generator competing for the cores, so a busy machine blurs it less.
 */
import { availableParallelism, loadavg } from 'node:os';
import { benchConfig } from './config';
import { createTarget } from './http-client';
import { runClosedLoop } from './load';
import { PlayerPicker, registerPlayers } from './players';
import { inlineLogCost, loggingCallsCost } from './log-cost-inline';
import { cpuBetween, readCpu } from './proc-cpu';
import { startServer, killStartedServers, type ServerHandle } from './server-handle';
import { constantShots } from './shots';

const modes = ['silent', 'line', 'fastify'] as const;
type Mode = (typeof modes)[number];
const rounds = Number(process.env.BENCH_LOG_ROUNDS || 4);
const phaseMs = Number(process.env.BENCH_LOG_PHASE_MS || 4000);
const concurrency = 32;

async function phase(server: ServerHandle, picker: PlayerPicker, target: ReturnType<typeof createTarget>) {
  const before = { stats: await server.stats(), machine: readCpu(null), at: performance.now() };
  const summary = await runClosedLoop(target, {
    durationMs: phaseMs,
    concurrency,
    timeoutMs: benchConfig.requestTimeoutMs,
    next: constantShots(picker, 1),
  });
  const after = { stats: await server.stats(), machine: readCpu(null), at: performance.now() };
  const cpuUs = after.stats.cpuUserUs + after.stats.cpuSystemUs - before.stats.cpuUserUs - before.stats.cpuSystemUs;
  const { machineBusyPct } = cpuBetween(before.machine, after.machine, (after.at - before.at) / 1000);
  return { usPerRequest: cpuUs / summary.completed, okPerS: summary.ok / summary.wallS, machineBusyPct };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  console.error(
    `log cost: ${rounds} rounds × ${modes.length} modes × ${phaseMs / 1000} s, ${concurrency} connections, load average before ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const servers = new Map<
    Mode,
    { server: ServerHandle; picker: PlayerPicker; target: ReturnType<typeof createTarget> }
  >();
  for (const mode of modes) {
    const server = await startServer({ driver: 'pglite', cpuProfileDir: null, log: mode });
    const target = createTarget(server.port, concurrency);
    const players = await registerPlayers(target, 20, 4, benchConfig.requestTimeoutMs);
    const picker = new PlayerPicker(players, 1);
    // Warm-up (JIT, session cache); not measured.
    await runClosedLoop(target, {
      durationMs: 2000,
      concurrency,
      timeoutMs: benchConfig.requestTimeoutMs,
      next: constantShots(picker, 1),
    });
    servers.set(mode, { server, picker, target });
  }
  const results = new Map<Mode, Array<Awaited<ReturnType<typeof phase>>>>(modes.map((m) => [m, []]));
  for (let round = 0; round < rounds; round++) {
    for (const mode of modes) {
      const s = servers.get(mode)!;
      results.get(mode)!.push(await phase(s.server, s.picker, s.target));
    }
  }
  const silent = median(results.get('silent')!.map((r) => r.usPerRequest));
  for (const mode of modes) {
    const list = results.get(mode)!;
    const us = median(list.map((r) => r.usPerRequest));
    const busy = list.map((r) => r.machineBusyPct).filter((v): v is number => v !== null);
    // Paired with the silent server's phase of the same round: the machine's load moves between rounds, less within one.
    const paired = list.map((r, i) => r.usPerRequest - results.get('silent')![i]!.usPerRequest);
    console.log(
      `${mode.padEnd(8)} ${us.toFixed(0).padStart(5)} µs/request (rounds: ${list.map((r) => r.usPerRequest.toFixed(0)).join(', ')}), ` +
        `logging ${median(paired).toFixed(0).padStart(4)} µs (median of the rounds' differences; median ${(us - silent).toFixed(0)}), ` +
        `${median(list.map((r) => r.okPerS)).toFixed(0)} req/s, machine busy ${busy.length ? median(busy).toFixed(0) : '?'}%`,
    );
  }
  for (const { server, target } of servers.values()) {
    target.agent.destroy();
    await server.close();
  }
  const inline = await inlineLogCost(rounds * 2, 3000);
  for (const mode of modes) {
    const paired = inline[mode].map((us, i) => us - inline.silent[i]!);
    console.log(
      `in-process ${mode.padEnd(8)} ${median(inline[mode]).toFixed(0).padStart(5)} µs/request (rounds: ` +
        `${inline[mode].map((v) => v.toFixed(0)).join(', ')}), logging ${median(paired).toFixed(1)} µs`,
    );
  }
  for (let round = 0; round < 3; round++) {
    const calls = await loggingCallsCost(20_000);
    console.log(
      `logging calls alone, round ${round + 1}: Fastify's two lines ${calls.fastify.toFixed(1)} µs, one line ${calls.line.toFixed(1)} µs per request`,
    );
  }
  console.error(
    `load average after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  killStartedServers();
  process.exit(1);
});
