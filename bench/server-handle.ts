import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Driver } from './config';
import type { ParentMessage, ServerMessage, ServerProbes, ServerStats } from './server-protocol';

const serverEntry = fileURLToPath(new URL('./server-process.ts', import.meta.url));
// Children this process started, so an aborted run can stop exactly them and nothing else.
const live = new Set<ChildProcess>();

/** Kills the server children this run started and that are still alive. */
export function killStartedServers(): void {
  for (const child of live) child.kill('SIGKILL');
}

export interface ServerHandle {
  port: number;
  pid: number;
  stats(): Promise<ServerStats>;
  /** The realtime counters; only for a server started with `probes: true`. */
  probes(): Promise<ServerProbes>;
  close(): Promise<void>;
}

/** Starts the game server in a child process and resolves once it listens on 127.0.0.1. */
export function startServer(options: {
  driver: Driver;
  databaseUrl?: string;
  cpuProfileDir: string | null;
  probes?: boolean;
  redisUrl?: string;
  /** Worker processes on one port (postgres only, no probes): like WORKERS=n npm start (ADR 036). */
  workers?: number;
  /** Request logging (bench/log-cost.ts): errors only (the default), none, one line per request, or Fastify's two. */
  log?: 'errors' | 'silent' | 'line' | 'fastify';
}): Promise<ServerHandle> {
  const execArgv = ['--import', 'tsx'];
  if (options.cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  const child: ChildProcess = fork(serverEntry, [], {
    execArgv,
    env: {
      ...process.env,
      BENCH_DRIVER: options.driver,
      BENCH_DB_URL: options.databaseUrl ?? '',
      BENCH_PROBES: options.probes ? '1' : '0',
      BENCH_REDIS_URL: options.redisUrl ?? '',
      BENCH_WORKERS: String(options.workers ?? 1),
      BENCH_LOG: options.log ?? 'errors',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(child);
  const waiting = new Map<number, (answer: ServerStats | ServerProbes | null) => void>();
  let nextId = 1;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      live.delete(child);
      resolve();
    }),
  );
  // A child that died (or was killed on abort) must not crash the orchestrator with EPIPE.
  child.on('error', (error) => console.error(`${options.driver} server process: ${error.message}`));
  const tell = (message: ParentMessage) => {
    if (child.connected) child.send(message);
  };
  /** One request/answer over IPC, bounded: a stuck child fails the phase instead of hanging it. */
  const ask = <T>(type: 'stats' | 'probes'): Promise<T> =>
    new Promise((resolveAnswer, rejectAnswer) => {
      if (exited) return rejectAnswer(new Error('server has exited'));
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        rejectAnswer(new Error(`server did not answer a ${type} request within 10 s`));
      }, 10_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        if (answer === null) rejectAnswer(new Error('server was started without probes'));
        else resolveAnswer(answer as T);
      });
      tell({ type, id });
    });

  return new Promise((resolve, reject) => {
    const startTimeout = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.driver} server did not start within 120 s`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(startTimeout);
      reject(new Error(`${options.driver} server exited early with code ${code}`));
    });
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'error') {
        console.error(`${options.driver} server failed:\n${message.message}`);
      } else if (message.type === 'stats' || message.type === 'probes') {
        waiting.get(message.id)?.(message.type === 'stats' ? message.stats : message.probes);
        waiting.delete(message.id);
      } else if (message.type === 'ready') {
        clearTimeout(startTimeout);
        resolve({
          port: message.port,
          pid: child.pid!,
          stats: () => ask<ServerStats>('stats'),
          probes: () => ask<ServerProbes>('probes'),
          async close() {
            if (exited) return;
            tell({ type: 'close' });
            // Queued tap groups get time to commit; a stuck server is killed (only this child).
            const killTimer = setTimeout(() => child.kill('SIGKILL'), 20_000);
            await exit;
            clearTimeout(killTimer);
          },
        });
      }
    });
  });
}
