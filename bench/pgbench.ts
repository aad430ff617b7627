import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { assertLoopback, createScratchDb, dropScratchDb } from './scratch-db';

const run = promisify(execFile);

// The yardstick for "one durable commit per request": a single-row UPDATE per transaction,
// autocommit, on the same PostgreSQL the game uses. Built-in -N would add a SELECT and an INSERT.
const updateScript = `\\set aid random(1, 100000 * :scale)
UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;
`;

export interface PgbenchResult {
  tps: number;
  latencyAvgMs: number | null;
  transactions: number | null;
  failed: number | null;
  clients: number;
  threads: number;
  seconds: number;
  scale: number;
  script: string;
}

function connectionArgs(url: URL): { args: string[]; env: NodeJS.ProcessEnv } {
  const args = [
    '-h',
    url.hostname.replace(/^\[|\]$/g, ''),
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  return { args, env };
}

function numberAfter(output: string, pattern: RegExp): number | null {
  const match = pattern.exec(output);
  return match ? Number(match[1]) : null;
}

/** Initialises a scratch database with `pgbench -i`, runs the one-UPDATE script, drops it. */
export async function runPgbench(
  adminUrl: string,
  options: { clients: number; threads: number; seconds: number; scale: number },
): Promise<PgbenchResult> {
  const { args, env } = connectionArgs(assertLoopback(adminUrl));
  const db = await createScratchDb(adminUrl, 'bb_bench_pgbench');
  const dir = mkdtempSync(join(tmpdir(), 'bb-pgbench-'));
  const script = join(dir, 'one-update.sql');
  writeFileSync(script, updateScript);
  try {
    await run('pgbench', ['-i', '-q', '-s', String(options.scale), ...args, db.name], { env, timeout: 120_000 });
    const { stdout } = await run(
      'pgbench',
      [
        '-n',
        '-c',
        String(options.clients),
        '-j',
        String(options.threads),
        '-T',
        String(options.seconds),
        '-f',
        script,
        ...args,
        db.name,
      ],
      { env, timeout: (options.seconds + 60) * 1000 },
    );
    const tps =
      numberAfter(stdout, /tps = ([\d.]+) \(without initial connection time\)/) ??
      numberAfter(stdout, /tps = ([\d.]+)/);
    if (tps === null) throw new Error(`could not read tps from pgbench output:\n${stdout}`);
    return {
      tps,
      latencyAvgMs: numberAfter(stdout, /latency average = ([\d.]+) ms/),
      transactions: numberAfter(stdout, /number of transactions actually processed: (\d+)/),
      failed: numberAfter(stdout, /number of failed transactions: (\d+)/),
      ...options,
      script: updateScript.trim().split('\n')[1]!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await dropScratchDb(adminUrl, db.name);
  }
}
