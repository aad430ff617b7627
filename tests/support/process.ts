import { spawn, type ChildProcess } from 'node:child_process';

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
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', REGISTRATIONS_PER_IP: '1000', WORKERS: '1', ...env },
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
    (error: { code?: number | null; output?: string }) => ({ code: error.code ?? null, output: error.output ?? String(error) }),
  );
}
