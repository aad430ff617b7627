import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, postgresUrlOf, type TestDatabase } from './db';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `src/server/main.ts` as a real process and waits for its "is up" line. `detached` gives it
 * a process group of its own, as a shell's job or a process manager's child has.
 */
export function spawnServer(env: Record<string, string>, options: { detached?: boolean } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    // Test players all register from 127.0.0.1: lift the per-address registration limit unless a test sets it.
    // One process unless a test asks for workers (WORKERS defaults to the core count on PostgreSQL).
    // No shedding on event-loop delay: the test machine is shared, and a neighbour's load is not this server's (ADR 072).
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent',
      REGISTRATIONS_PER_IP: '1000',
      WORKERS: '1',
      SHED_MAX_LOOP_DELAY_MS: '0',
      SHED_TARGET_LATENCY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is up on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}:\n${output}`), { output, code }));
    });
  });
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export function runServerToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return spawnServer(env).then(
    async (server) => {
      server.child.kill('SIGKILL');
      throw new Error(`server started but should not have:\n${server.output()}`);
    },
    (error: { code?: number | null; output?: string }) => ({
      code: error.code ?? null,
      output: error.output ?? String(error),
    }),
  );
}

/** The pids of a process's children (a cluster's workers), from /proc. */
export function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(/\s+/).map(Number);
}

/**
 * A WORKERS=2 server on a fresh PostgreSQL database without Redis (the primary relays and counts),
 * with a data folder of its own; `env` adds to or overrides its environment. stop() kills it and
 * drops both.
 */
export async function startTwoWorkers(
  env: Record<string, string>,
): Promise<{ server: ServerProcess; db: TestDatabase; stop(): Promise<void> }> {
  const db = await freshDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'bitbreach-cluster-'));
  const server = await spawnServer({
    DATABASE_URL: await postgresUrlOf(db.database),
    WORKERS: '2',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    ACCOUNTS_PER_IP: '0',
    ...env,
  });
  return {
    server,
    db,
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await db.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
