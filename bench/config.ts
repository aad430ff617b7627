// Every knob of the benchmark in one place. Defaults follow the issues: 1,000 players, 8 s phases,
// pgbench with 8 clients; chat fan-out to 2,000 sockets and idle request counts.
// A few env overrides exist only to debug the bench itself quickly.

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

function nonNegativeIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be zero or a positive number, got ${raw}`);
  return value;
}

export type Driver = 'postgres' | 'pglite';

function driversFromEnv(): Driver[] {
  const raw = process.env.BENCH_DRIVERS ?? 'postgres,pglite';
  const drivers = raw
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const d of drivers)
    if (d !== 'postgres' && d !== 'pglite') throw new Error(`BENCH_DRIVERS: unknown driver ${d}`);
  return drivers as Driver[];
}

function workersFromEnv(): number[] {
  const raw = process.env.BENCH_WORKERS ?? '1,2';
  const counts = raw.split(',').map((w) => Number(w.trim()));
  for (const n of counts)
    if (!Number.isInteger(n) || n < 1 || n > 16)
      throw new Error(`BENCH_WORKERS: expected counts such as 1,2, got ${raw}`);
  return counts;
}

/** Which parts run: everything by default; BENCH_ONLY=<part> for one of them. */
export const benchParts = [
  'tap',
  'realtime',
  'market',
  'drone',
  'blockchain',
  'kernel',
  'terminal',
  'firstload',
  'spend',
  'serialize',
] as const;
export type BenchPart = (typeof benchParts)[number];

function partsFromEnv(): BenchPart[] {
  const raw = process.env.BENCH_ONLY ?? '';
  if (raw === '' || raw === 'all') return [...benchParts];
  if (!(benchParts as readonly string[]).includes(raw))
    throw new Error(`BENCH_ONLY: expected ${benchParts.join(', ')} or all, got ${raw}`);
  return [raw as BenchPart];
}

function driverFromEnv(name: string, fallback: Driver): Driver {
  const raw = process.env[name] ?? fallback;
  if (raw !== 'postgres' && raw !== 'pglite') throw new Error(`${name}: unknown driver ${raw}`);
  return raw;
}

export const benchConfig = {
  parts: partsFromEnv(),
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
  /**
   * The PostgreSQL tap part runs once per worker count (node:cluster processes on one
   * port, as the server's WORKERS=n); PGlite is one process by nature. BENCH_WORKERS=1 for one run.
   */
  postgresWorkers: workersFromEnv(),
  /** The Redis the multi-worker server carries its events over (loopback only). */
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  /**
   * Chat fan-out and idle requests, on one server child of its own. PostgreSQL by
   * default (the production driver); BENCH_REALTIME_DRIVER=pglite runs it in memory instead.
   */
  realtime: {
    driver: driverFromEnv('BENCH_REALTIME_DRIVER', 'postgres'),
    /** Open sockets during the fan-out (the issue requires 2,000). */
    sockets: intFromEnv('BENCH_SOCKETS', 2000),
    /**
     * Sockets per registered player (one per tab), at most infra.socketsPerSession (8: a 9th is
     * refused). Registration costs ~30 ms of argon2id per player, ~2 s per 100 on this loaded
     * machine: 250 players × 8 tabs keeps the run short; BENCH_SOCKETS_PER_PLAYER=1 gives 2,000
     * distinct players (and their presence events).
     */
    socketsPerPlayer: intFromEnv('BENCH_SOCKETS_PER_PLAYER', 8),
    /**
     * Every n-th socket watches presence (a tab showing the Ping directory); the others
     * are tabs on screens without it. 8: one such tab per player at 8 tabs each.
     */
    presenceWatchEvery: intFromEnv('BENCH_PRESENCE_WATCH_EVERY', 8),
    /** Handshakes in flight while connecting: well under the listen backlog (511). */
    openConcurrency: 50,
    /** Time allowed for all sockets to open, and again for the presence events they cause to settle. */
    openTimeoutMs: intFromEnv('BENCH_SOCKET_SETTLE_S', 90) * 1000,
    /** Chat lines sent during the fan-out, one every `chatLineGapMs`. */
    chatLines: intFromEnv('BENCH_CHAT_LINES', 50),
    chatLineGapMs: 200,
    /**
     * Players that take turns sending: line i comes from sender i mod 20, so each sends one
     * line every 4 s, well under the 5 lines / 10 s limit, and never the same text twice.
     */
    chatSenders: 20,
    /**
     * Unmeasured lines first, from two other players: the first chat INSERT and the first
     * fan-out pay JIT and cold caches once, and with 50 lines one cold line would be the p99.
     */
    warmupLines: 2,
    /** After the last line, how long a socket may still receive a line before it counts as missing. */
    deliveryTimeoutMs: 10_000,
    /** Idle players per design in (b); they are the first registered players. */
    idlePlayers: intFromEnv('BENCH_IDLE_PLAYERS', 50),
    /**
     * Measured window per design. A multiple of 30 s (5 s and 15 s polls, the hub's 10 s ping), so
     * every idle player contributes a whole number of each; BENCH_IDLE_S=60 for a full minute.
     */
    idleWindowMs: intFromEnv('BENCH_IDLE_S', 30) * 1000,
    /** Server CPU with no tab at all, measured first and subtracted from each design's CPU. */
    idleBaselineMs: 10_000,
    /** Before the baseline, wait (up to this long) for the server to calm down after the fan-out. */
    idleQuietMaxMs: 20_000,
    /** Tabs mount at random times within this ramp, before the window opens: the "once at start" calls stay outside it. */
    idleRampMs: 5000,
    /**
     * The tab's own {t:'heartbeat'} cadence on the socket; 0 = none, as the client does
     * (src/client/lib/socket/socket-connection.ts sends nothing; the browser answers the hub's
     * pings with pongs by itself). BENCH_CLIENT_HEARTBEAT_S=10 adds one per hub ping.
     */
    clientHeartbeatMs: nonNegativeIntFromEnv('BENCH_CLIENT_HEARTBEAT_S', 0) * 1000,
  },
  /** Hard stop for the whole run: it must never hang a terminal or a CI job. */
  deadlineMs: intFromEnv('BENCH_DEADLINE_S', 30 * 60) * 1000,
  /** When set, the server child writes a V8 CPU profile into this folder on exit. */
  cpuProfileDir: process.env.BENCH_CPU_PROF ?? null,
} as const;

export type BenchConfig = typeof benchConfig;
