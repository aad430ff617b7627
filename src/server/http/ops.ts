import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ledgerCategory, type LedgerCategory } from '../../core/ledger-reasons';
import type { Database } from '../db/connect';
import type { JobMetrics } from '../jobs/lag-metrics';
import { Health, MetricsText, Readiness } from '../../core/api/ops';
import { errorResponses, type ZodTypeProvider } from './contracts';
import { notFoundBody } from './errors';

/**
 * Telnet minted and burned by ledger reason, counted by the wallet after each commit (ADR 051). With
 * the refunds and take-backs, supply changed by minted + refunded − burned − taken back; moved rows net to zero.
 */
function telnetCounters(registry: Registry) {
  const counter = (name: string, help: string) =>
    new Counter({ name, help, labelNames: ['reason'] as const, registers: [registry] });
  return {
    telnetMinted: counter(
      'bitbreach_telnet_minted_total',
      'Telnet created, by ledger reason (committed rows of this instance)',
    ),
    telnetBurned: counter(
      'bitbreach_telnet_burned_total',
      'Telnet spent for good, by ledger reason (committed rows of this instance)',
    ),
    telnetRefunded: counter(
      'bitbreach_telnet_refunded_total',
      'Telnet given back from an earlier burn, by ledger reason',
    ),
    telnetTakenBack: counter(
      'bitbreach_telnet_taken_back_total',
      'Telnet a reversed real-money purchase had brought, taken back, by ledger reason',
    ),
  };
}

/**
 * The operator's view of one instance (docs/operations.md): Prometheus metrics on a registry of
 * its own (several apps share a test process), fed by hooks here and by the few places that know
 * a figure (the bus, the tap group committer, the jobs runner, the socket hub).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Histogram({
      name: 'bitbreach_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class, with their duration',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    busLag: new Histogram({
      name: 'bitbreach_bus_publish_lag_seconds',
      help: 'Time from a Redis bus publish to its arrival back on a subscriber (own echoes included)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    groupCommitSize: new Histogram({
      name: 'bitbreach_group_commit_size',
      help: 'Tap batches committed per transaction',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers: [registry],
    }),
    ...telnetCounters(registry),
    shed: new Counter({
      name: 'bitbreach_http_shed_total',
      help: 'API requests answered 503 + Retry-After unread because this process was saturated, by reason (ADR 072)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    inFlightLimit: new Gauge({
      name: 'bitbreach_http_in_flight_limit',
      help: 'API requests this process takes at once before shedding; moves with SHED_TARGET_LATENCY_MS (ADR 072)',
      registers: [registry],
    }),
    sessionCache: new Counter({
      name: 'bitbreach_session_cache_total',
      help: 'Session look-ups answered from memory (hit) or the database (miss)',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Adds committed ledger rows to the Telnet counters by their reason's category (moved rows are not counted). */
export function countLedgerRows(
  metrics: Metrics,
  rows: ReadonlyArray<{ delta: number; reason: keyof typeof ledgerCategory }>,
): void {
  const counterOf: Partial<Record<LedgerCategory, Counter<'reason'>>> = {
    minted: metrics.telnetMinted,
    burned: metrics.telnetBurned,
    refunded: metrics.telnetRefunded,
    'taken-back': metrics.telnetTakenBack,
  };
  // A group commit writes hundreds of rows of one reason: one increment per reason.
  const perReason = new Map<keyof typeof ledgerCategory, number>();
  for (const row of rows) perReason.set(row.reason, (perReason.get(row.reason) ?? 0) + Math.abs(row.delta));
  for (const [reason, amount] of perReason) counterOf[ledgerCategory[reason]]?.inc({ reason }, amount);
}

export interface OpsDeps {
  metrics: Metrics;
  database: Database;
  /** Whether Redis is configured, and whether the bus is subscribed and publishing right now. */
  bus: { kind: 'memory' | 'redis' | 'cluster'; isConnected(): boolean };
  sockets: () => number;
  jobs: () => JobMetrics;
  /** METRICS_TOKEN: /metrics wants `Authorization: Bearer <token>`; unset, only loopback callers get it. */
  metricsToken?: string | undefined;
  /**
   * TRUST_PROXY is set: a proxy connects for its clients, often from this very host, so a loopback peer
   * proves nothing and /metrics answers only with METRICS_TOKEN (ADR 047).
   */
  behindProxy: boolean;
  /** Set on SIGTERM: /readyz answers 503 so the load balancer stops sending new work. */
  isDraining: () => boolean;
  /** Why this process sheds new requests now (ADR 072), or null: /readyz answers 503 with it. */
  saturation: () => string | null;
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a caller may use an operator route (/metrics, /ops/backup): METRICS_TOKEN, else a loopback peer. */
export function metricsAllowed(request: FastifyRequest, token: string | undefined, behindProxy: boolean): boolean {
  if (token) {
    const header = request.headers.authorization;
    return typeof header === 'string' && header.startsWith('Bearer ') && sameSecret(header.slice(7), token);
  }
  if (behindProxy) return false;
  // The socket's own peer, not request.ip: a forwarded header must not make a stranger local.
  return loopback.has(request.socket.remoteAddress ?? '');
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz, GET /readyz, GET /metrics, the request metric and the x-request-id header. */
export function registerOps(app: FastifyInstance, deps: OpsDeps): void {
  const { metrics } = deps;
  if (deps.behindProxy && !deps.metricsToken)
    app.log.warn('TRUST_PROXY is set and METRICS_TOKEN is not: /metrics answers 404 to everyone (ADR 047)');
  new Gauge({
    name: 'bitbreach_open_sockets',
    help: 'WebSockets open on this instance',
    registers: [metrics.registry],
    collect() {
      this.set(deps.sockets());
    },
  });
  new Gauge({
    name: 'bitbreach_job_lag_seconds',
    help: 'Background job lag (claimed minus due) over the recent window',
    labelNames: ['quantile'] as const,
    registers: [metrics.registry],
    collect() {
      const { lagMs } = deps.jobs();
      this.set({ quantile: '0.5' }, lagMs.p50 / 1000);
      this.set({ quantile: '0.99' }, lagMs.p99 / 1000);
      this.set({ quantile: 'max' }, lagMs.max / 1000);
    },
  });
  new Gauge({
    name: 'bitbreach_db_connections',
    help: 'PostgreSQL connections of every Bitbreach instance, by state (pg_stat_activity); PGlite reports none',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    async collect() {
      if (deps.database.kind !== 'postgres') return;
      const rows = await deps.database.query<{ state: string | null; n: number }>(
        "SELECT coalesce(state, 'unknown') AS state, count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'bitbreach' GROUP BY 1",
      );
      this.reset();
      for (const row of rows) this.set({ state: row.state ?? 'unknown' }, row.n);
    },
  });
  new Gauge({
    name: 'bitbreach_bus_connected',
    help: '1 while the Redis bus is subscribed and publishing (always 1 in memory)',
    registers: [metrics.registry],
    collect() {
      this.set(deps.bus.isConnected() ? 1 : 0);
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    // Unmatched paths are one label, so a scanner cannot grow the series without bound.
    metrics.requests.observe(
      { method: request.method, route: route ?? 'unmatched', status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  const noStore = { 'cache-control': 'no-store' };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/healthz', { schema: { response: { 200: Health, ...errorResponses } } }, async (_request, reply) =>
    reply.headers(noStore).send({ ok: true }),
  );
  // Not ready is an answer of the same shape (a 503 with its reasons), not an error message.
  const readyz = { schema: { response: { 200: Readiness, 503: Readiness, ...errorResponses } } };
  api.get('/readyz', readyz, async (_request, reply) => {
    const saturated = deps.saturation();
    // Saturation answers at once: a load balancer asking a busy process should not wait on its database.
    if (saturated) return reply.status(503).headers(noStore).send({ ready: false, saturated });
    const checks: { draining: boolean; database?: boolean; redis?: boolean } = { draining: deps.isDraining() };
    try {
      await withTimeout(deps.database.query('SELECT 1'), 2000);
      checks.database = true;
    } catch {
      checks.database = false;
    }
    if (deps.bus.kind === 'redis') checks.redis = deps.bus.isConnected();
    const ready = !checks.draining && checks.database === true && checks.redis !== false;
    return reply
      .status(ready ? 200 : 503)
      .headers(noStore)
      .send({ ready, ...checks });
  });
  api.get('/metrics', { schema: { response: { 200: MetricsText, ...errorResponses } } }, async (request, reply) => {
    if (!metricsAllowed(request, deps.metricsToken, deps.behindProxy))
      return reply.status(404).send(notFoundBody(request.method, request.url));
    // Bytes, not a string: the declared answer is text Fastify writes as it is, never through a serializer.
    return reply
      .headers({ ...noStore, 'content-type': metrics.registry.contentType })
      .send(Buffer.from(await metrics.registry.metrics()));
  });
}
