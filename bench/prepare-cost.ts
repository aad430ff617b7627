/**
 * What `?prepare=false` costs PostgreSQL (docs/capacity.md): `node --import tsx bench/prepare-cost.ts [url]`.
 * Transaction pooling needs the driver's unnamed statements, which PostgreSQL parses and plans at every
 * execution. This runs one join of the shape the stores use (three tables, two parameters) on one
 * connection, in alternating rounds with named prepared statements (postgres.js's default) and without,
 * and reads the backend's CPU from /proc (so the server must be on this machine), per statement. The URL
 * defaults to BENCH_PG_URL's server, database `postgres`; nothing is written.
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';

const url = process.argv[2] ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const perRound = Number(process.env.PREPARE_COST_STATEMENTS ?? 4000);
const rounds = Number(process.env.PREPARE_COST_ROUNDS ?? 3);
const ticksPerSecond = 100;

function backendCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}

async function round(prepare: boolean): Promise<{ backendUsPerStatement: number; wallUsPerStatement: number }> {
  const sql = postgres(url, { max: 1, prepare, onnotice: () => {} });
  try {
    const [backend] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const pid = backend!.pid;
    const relid = 'pg_class'.length; // any small number: the plan, not the rows, is what is measured
    const before = backendCpuUs(pid);
    const startedAt = performance.now();
    for (let i = 0; i < perRound; i += 1) {
      await sql`
        SELECT c.relname, n.nspname, a.attname
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE c.oid = ${relid + (i % 3)} AND a.attnum = ${1 + (i % 2)}`;
    }
    const wallUs = (performance.now() - startedAt) * 1000;
    return { backendUsPerStatement: (backendCpuUs(pid) - before) / perRound, wallUsPerStatement: wallUs / perRound };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const results: Record<
  'prepared' | 'unprepared',
  Array<{ backendUsPerStatement: number; wallUsPerStatement: number }>
> = { prepared: [], unprepared: [] };
for (let r = 0; r < rounds; r += 1) {
  results.prepared.push(await round(true));
  results.unprepared.push(await round(false));
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(
  JSON.stringify({
    statementsPerRound: perRound,
    rounds,
    preparedBackendUs: Number(mean(results.prepared.map((x) => x.backendUsPerStatement)).toFixed(1)),
    unpreparedBackendUs: Number(mean(results.unprepared.map((x) => x.backendUsPerStatement)).toFixed(1)),
    preparedWallUs: Number(mean(results.prepared.map((x) => x.wallUsPerStatement)).toFixed(1)),
    unpreparedWallUs: Number(mean(results.unprepared.map((x) => x.wallUsPerStatement)).toFixed(1)),
  }),
);
