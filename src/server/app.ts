import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifySchema } from 'fastify';
import { infra } from '../core/infra';
import { registerFeatures } from './compose/features';
import { createJobs } from './compose/jobs';
import { createServices, type Services } from './compose/services';
import type { Config } from './config';
import type { Database } from './db/connect';
import type { JobRunner } from './jobs';
import { registerSecurityHeaders } from './http/security-headers';
import { registerContracts } from './http/contracts';
import { registerApiDocs } from './http/openapi/register';
import { registerErrorHandler } from './http/errors';
import { registerJsonBody } from './http/json-body';
import { countLedgerRows, createMetrics, registerOps, type Metrics } from './http/ops';
import { measureLoopDelay, registerLoadShed, type LoopDelaySource } from './http/load-shed';
import { registerBackupRoute } from './http/backup-route';
import { registerRequestLog } from './http/request-log';
import { registerSecureData } from './http/secure-data';
import { createLimits } from './http/limits';
import { watchCommittedLedger } from './wallet';
import { openSharedStores } from './http/shared-stores';
import { isClusterWorker } from './cluster/messages';
import { registerCsrf } from './http/csrf';
import { registerSession } from './http/session';
import { registerStaticClient } from './http/static-client';
import type { HubLimits } from './realtime/hub';
import { defaultRedisChannel } from './realtime/bus-signing';
import { createRealtime, type Realtime } from './realtime/realtime';
import { socketErrorHandler } from './realtime/ws-routes';

export interface AppDeps {
  config: Config;
  database: Database;
  now?: () => number;
  random?: () => number;
  /** Overrides the tap-rate ceiling (load and race tests only). */
  tapRate?: { refillPerSecond: number; capacity: number };
  /** The Redis channel and socket limits (tests only; production uses the defaults). */
  realtime?: { channel?: string; limits?: Partial<HubLimits> };
  /** The ssh intrusion limit (spec §9: 60 s); tests inject a shorter one. */
  intrusionTimeLimitMs?: number;
  /** How long done jobs are kept (infra.jobDoneRetentionMs); the drone bench shortens it to watch the purge keep up. */
  jobDoneRetentionMs?: number;
  /** Where the log lines go instead of stdout (tests that read what the app logs). */
  logStream?: { write(line: string): void };
  /** Replaces the event-loop delay the shedder reads (tests force saturation without loading the machine). */
  loopDelay?: LoopDelaySource;
  /** Sees every route as it is registered (the test that walks every route's inputs). */
  onRoute?: (route: { method: string | string[]; url: string; schema?: FastifySchema; handler?: unknown }) => void;
  /** Parse every answer against its response schema before writing it (tests; ADR 074). */
  checkResponses?: boolean;
}

export interface App {
  fastify: FastifyInstance;
  /** Every feature's service (compose/services.ts). */
  services: Services;
  /** The event bus, presence and this instance's sockets. */
  realtime: Realtime;
  /** Timed and background work; main.ts starts it polling, tests call jobs.runDue() after moving the clock. */
  jobs: JobRunner;
  /** This instance's Prometheus registry and the figures fed into it. */
  metrics: Metrics;
  /** SIGTERM's first step: /readyz answers 503 from now on, so the load balancer sends no new work. */
  startDraining(): void;
  /** Stops taking requests and lets queued tap groups commit. */
  close(): Promise<void>;
}

// A caller's (the load balancer's) request id is kept when it looks like one; otherwise a fresh one.
const requestIdShape = /^[\w.:-]{1,64}$/;
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && requestIdShape.test(given) ? given : randomUUID();
}

/** SOCKETS_PER_ADDRESS and SOCKET_UPGRADES_PER_ADDRESS, when set; the hub falls back to balance. */
function addressLimits(config: Config): Partial<HubLimits> {
  return {
    ...(config.socketsPerAddress ? { socketsPerAddress: config.socketsPerAddress } : {}),
    ...(config.socketUpgradesPerAddress ? { upgradesPerAddress: config.socketUpgradesPerAddress } : {}),
  };
}

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Composes Fastify from the cross-cutting plugins and the feature modules; nothing else. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const fastify = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // A hop count becomes proxy-addr's (address, hop) predicate; addresses and booleans pass as they are.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: infra.apiBodyLimitBytes,
    connectionTimeout: 60_000,
    requestTimeout: 15_000,
    keepAliveTimeout: 65_000,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    genReqId: requestId,
    // One line per request instead of Fastify's two (ADR 070): see http/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (deps.onRoute) fastify.addHook('onRoute', deps.onRoute);
  const metrics = createMetrics();
  // First onRequest hook: a shed request costs no session look-up, body parsing or transaction (ADR 072).
  const shedder = registerLoadShed(fastify, {
    bounds: config.shed ?? { maxInFlight: 0, maxLoopDelayMs: 0, targetLatencyMs: 0, retryAfterSeconds: 1 },
    loopDelay: deps.loopDelay ?? measureLoopDelay(),
    shedCount: metrics.shed,
    inFlightLimit: metrics.inFlightLimit,
  });
  const stopCountingLedger = watchCommittedLedger(database.db, (rows) => countLedgerRows(metrics, rows));
  let draining = false;

  const channel = deps.realtime?.channel ?? config.redisChannel ?? defaultRedisChannel(config.database);
  // WORKERS=n without Redis: the workers share the primary's counters and relay events through it (ADR 036).
  const clusterRelay = !config.redisUrl && isClusterWorker();
  // Every limit counts in Redis or the primary (ADR 045), so it holds over any number of processes.
  const onCounterFallback = (error: unknown) =>
    fastify.log.warn({ err: error }, 'limits: the shared counters did not answer; this process counted alone');
  const shared = openSharedStores({
    redisUrl: config.redisUrl,
    channel,
    clusterWorker: clusterRelay,
    onFallback: onCounterFallback,
  });
  const sharedCounters = shared.counters;
  const limits = createLimits({ counters: sharedCounters, now });
  const realtime = createRealtime({
    database,
    redisUrl: config.redisUrl,
    log: fastify.log,
    now,
    channel,
    busSecret: config.sessionSecret,
    limits: { ...addressLimits(config), ...deps.realtime?.limits },
    clusterRelay,
    leases: shared.leases,
    onBusLag: (ms) => metrics.busLag.observe(ms / 1000),
  });
  const context = { deps, now, random, bus: realtime.bus, log: fastify.log, metrics, sharedCounters };
  const services = createServices(context);
  const { auth, taps, apiKeys } = services;
  // Background work yields to the players this process is serving (ADR 073).
  const jobs = createJobs(context, services, () => ({
    inFlight: shedder.inFlight(),
    loopDelayMs: shedder.loopDelayMs(),
  }));

  await auth.backfillUsernameSkeletons();
  await services.blockchain.ensureFirstBoss();
  registerErrorHandler(fastify);
  registerContracts(fastify, { checkResponses: deps.checkResponses ?? false });
  registerApiDocs(fastify);
  registerJsonBody(fastify);
  registerSecurityHeaders(fastify);
  await fastify.register(fastifyCookie, { secret: config.sessionSecret });
  registerOps(fastify, {
    metrics,
    database,
    bus: realtime.bus,
    sockets: () => realtime.hub.stats().sockets,
    jobs: () => jobs.metrics(),
    metricsToken: config.metricsToken,
    behindProxy: config.trustProxy !== false,
    isDraining: () => draining,
    saturation: shedder.saturation,
  });
  registerBackupRoute(fastify, {
    database,
    metricsToken: config.metricsToken,
    behindProxy: config.trustProxy !== false,
  });
  registerRequestLog(fastify, { successSample: config.logSuccessSample ?? 1, random });
  registerSession(fastify, auth, apiKeys);
  registerCsrf(fastify);
  registerSecureData(fastify);
  await fastify.register(fastifyWebsocket, {
    options: { maxPayload: infra.socketMaxMessageBytes },
    errorHandler: socketErrorHandler,
  });

  registerFeatures(fastify, { database, services, limits, realtime });

  await registerStaticClient(fastify, config.staticDir);

  return {
    fastify,
    services,
    realtime,
    jobs,
    metrics,
    startDraining() {
      draining = true;
    },
    async close() {
      draining = true;
      // Sockets first (their players go offline while the database is still open), then HTTP,
      // then the job in flight (it may still publish on the bus), all before the database closes.
      await realtime.hub.stop();
      await fastify.close();
      await jobs.stop();
      await taps.drain();
      await realtime.close();
      auth.close();
      limits.stop();
      apiKeys.close();
      shared.close();
      stopCountingLedger();
      shedder.stop();
    },
  };
}
