import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Driver } from './config';
import type { ParentMessage, ServerMessage, ServerStats } from './server-protocol';

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
  close(): Promise<void>;
}

/** Starts the game server in a child process and resolves once it listens on 127.0.0.1. */
export function startServer(options: { driver: Driver; databaseUrl?: string; cpuProfileDir: string | null }): Promise<ServerHandle> {
  const execArgv = ['--import', 'tsx'];
  if (options.cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  const child: ChildProcess = fork(serverEntry, [], {
    execArgv,
    env: { ...process.env, BENCH_DRIVER: options.driver, BENCH_DB_URL: options.databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(child);
  const waiting = new Map<number, (stats: ServerStats) => void>();
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
      } else if (message.type === 'stats') {
        waiting.get(message.id)?.(message.stats);
        waiting.delete(message.id);
      } else if (message.type === 'ready') {
        clearTimeout(startTimeout);
        resolve({
          port: message.port,
          pid: child.pid!,
          stats: () =>
            new Promise((resolveStats, rejectStats) => {
              if (exited) return rejectStats(new Error('server has exited'));
              const id = nextId++;
              const timer = setTimeout(() => {
                waiting.delete(id);
                rejectStats(new Error('server did not answer a stats request within 10 s'));
              }, 10_000);
              waiting.set(id, (stats) => {
                clearTimeout(timer);
                resolveStats(stats);
              });
              tell({ type: 'stats', id });
            }),
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
