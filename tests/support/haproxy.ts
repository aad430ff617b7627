import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const haproxyBinary = '/usr/sbin/haproxy';

/** A TCP port nobody listens on right now (the OS's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * deploy/haproxy.cfg with the test's ports: the `bind` line and the `server` lines replaced (the
 * same edit deploy/run-local.sh makes), every other setting as an operator runs it.
 */
export function haproxyConfig(port: number, backends: Array<{ name: string; port: number }>): string {
  const lines = readFileSync('deploy/haproxy.cfg', 'utf8').split('\n');
  const kept = lines
    .filter((line) => !/^\s+server\s/.test(line))
    .map((line) => (/^\s+bind\s/.test(line) ? `    bind 127.0.0.1:${port}` : line));
  while (kept.at(-1) === '') kept.pop();
  return [...kept, ...backends.map((b) => `    server ${b.name} 127.0.0.1:${b.port} check`), ''].join('\n');
}

export interface HaproxyProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Runs HAProxy in the foreground on the generated config; resolves once its config is accepted and it runs. */
export async function startHaproxy(
  port: number,
  backends: Array<{ name: string; port: number }>,
): Promise<HaproxyProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'bitbreach-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, backends));
  const child: ChildProcess = spawn(haproxyBinary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.on('error', (error) => (output += `\n${error.message}`));
  const url = `http://127.0.0.1:${port}`;
  // Up once it accepts connections (the first health checks run meanwhile).
  const until = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`haproxy exited:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`haproxy did not accept connections:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
