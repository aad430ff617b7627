// Every knob of the benchmark in one place. Defaults follow the issue: 1,000 players, 8 s phases,
// pgbench with 8 clients; a few env overrides exist only to debug the bench itself quickly.

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

export type Driver = 'postgres' | 'pglite';

function driversFromEnv(): Driver[] {
  const raw = process.env.BENCH_DRIVERS ?? 'postgres,pglite';
  const drivers = raw.split(',').map((d) => d.trim()).filter(Boolean);
  for (const d of drivers) if (d !== 'postgres' && d !== 'pglite') throw new Error(`BENCH_DRIVERS: unknown driver ${d}`);
  return drivers as Driver[];
}

export const benchConfig = {
  /** Distinct signed-in players for tap-batch (the issue requires 1,000). */
  players: intFromEnv('BENCH_PLAYERS', 1000),
  /** Parallel registrations: argon2id (19 MiB, t=2) costs ~30 ms of one core each. */
  registerConcurrency: 4,
  /** Length of each measured phase. */
  phaseMs: intFromEnv('BENCH_PHASE_S', 8) * 1000,
  /** Unmeasured warm-up before the phases, so JIT and connection pools are hot. */
  warmupMs: 2000,
  /** Keep-alive connections of the closed-loop phases (each keeps one request in flight). */
  concurrency: intFromEnv('BENCH_CONCURRENCY', 64),
  /** Socket cap of the open-loop phase; arrivals beyond it wait in the agent and count as latency. */
  openLoopSockets: 256,
  /**
   * Decodes per tap-batch. 1, not the client's 3: the bucket refills 1.5 decodes/s, so 1,000
   * players can sustain 1,500 req/s at tapCount 1 but only 500 req/s at 3 — the bench would
   * measure the bucket, not the server. The per-request work is the same apart from drop rolls.
   */
  tapCount: 1,
  /** Per-request timeout; anything slower is counted as a network error. */
  requestTimeoutMs: 10_000,
  /** Admin connection for scratch databases; only loopback hosts are accepted. */
  pgAdminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  pgbench: { clients: 8, threads: 2, seconds: 10, scale: 1 },
  drivers: driversFromEnv(),
  /** Hard stop for the whole run: it must never hang a terminal or a CI job. */
  deadlineMs: 8 * 60_000,
  /** When set, the server child writes a V8 CPU profile into this folder on exit. */
  cpuProfileDir: process.env.BENCH_CPU_PROF ?? null,
} as const;

export type BenchConfig = typeof benchConfig;
