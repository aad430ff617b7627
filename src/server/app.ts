import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifySchema } from 'fastify';
import { balance } from '../core/balance';
import type { MissionId } from '../core/rules/missions';
import type { Config } from './config';
import type { Database } from './db/connect';
import { adminRoutes } from './features/admin/routes';
import { createAdminService, type AdminService } from './features/admin/service';
import { createPlayersService, type PlayersService } from './features/admin/players-service';
import { createReportQueue } from './features/admin/reports-queue';
import { authRoutes } from './features/auth/routes';
import { apiKeyRoutes } from './features/api-keys/routes';
import { createApiKeyService } from './features/api-keys/service';
import { accountRoutes } from './features/account/routes';
import { createAccountService } from './features/account/service';
import { exportSections } from './features/account/export';
import { chatRoutes } from './features/chat/routes';
import { createChatService, type ChatService } from './features/chat/service';
import { createAuthService, type AuthService } from './features/auth/service';
import { leaderboardRoutes } from './features/leaderboard/routes';
import { missionRoutes } from './features/missions/routes';
import { activityRoutes } from './features/activity/routes';
import { createActivityService } from './features/activity/service';
import { soldItemNames } from './features/data-exchange/reversal';
import { intruderNames } from './features/terminal/intruder-names';
import { createMissionService, type MissionService } from './features/missions/service';
import { ignoreRoutes } from './features/ignores/routes';
import { createIgnoreService, type IgnoreService } from './features/ignores/service';
import { reportRoutes } from './features/reports/routes';
import { createReportService, type ReportService } from './features/reports/service';
import { pingRoutes } from './features/ping/routes';
import { createPingService, type PingService } from './features/ping/service';
import { coreRoutes } from './features/cores/routes';
import { createCoreService, type CoreService } from './features/cores/service';
import { blockchainRoutes } from './features/blockchain/routes';
import { createBlockchainService, type BlockchainService } from './features/blockchain/service';
import { marketRoutes } from './features/data-exchange/routes';
import { createMarketService, type MarketService } from './features/data-exchange/service';
import { gearRoutes } from './features/gear/routes';
import { kernelRoutes } from './features/kernel/routes';
import { createKernelService, type KernelService } from './features/kernel/service';
import { createGearService, type GearService } from './features/gear/service';
import { tapRoutes } from './features/taps/routes';
import { createOptimizerService, type OptimizerService } from './features/optimizer/service';
import { optimizerRoutes } from './features/optimizer/routes';
import { createDrone } from './features/drone/register';
import { droneRoutes } from './features/drone/routes';
import type { DroneService } from './features/drone/service';
import { terminalRoutes } from './features/terminal/routes';
import { createTerminalService, type TerminalService } from './features/terminal/service';
import { createTapService, type TapService } from './features/taps/service';
import { createVirus, registerVirus } from './features/virus/plugin';
import { inventoryPaths } from '../core/api/inventory';
import { idempotentRoutes } from '../core/api/market';
import { registerItemActionLimit } from './http/action-limit';
import { registerCsrf } from './http/csrf';
import { createJobHandlers, createJobRunner, type JobRunner } from './jobs';
import { pruneIdempotencyKeys } from './idempotency';
import { registerSecurityHeaders } from './http/security-headers';
import { registerContracts } from './http/contracts';
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
import { registerSession } from './http/session';
import { registerStaticClient } from './http/static-client';
import type { HubLimits } from './realtime/hub';
import { publishSessionEnded, publishUsersUpdated } from './realtime/notify';
import { defaultRedisChannel } from './realtime/bus-signing';
import { createRealtime, type Realtime } from './realtime/realtime';
import { socketErrorHandler, wsRoutes } from './realtime/ws-routes';

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
  /** How long done jobs are kept (balance.jobDoneRetentionMs); the drone bench shortens it to watch the purge keep up. */
  jobDoneRetentionMs?: number;
  /** Where the log lines go instead of stdout (tests that read what the app logs). */
  logStream?: { write(line: string): void };
  /** Replaces the event-loop delay the shedder reads (tests force saturation without loading the machine). */
  loopDelay?: LoopDelaySource;
  /** Sees every route as it is registered (the test that walks every route's inputs). */
  onRoute?: (route: { method: string | string[]; url: string; schema?: FastifySchema }) => void;
  /** Parse every answer against its response schema before writing it (tests; ADR 074). */
  checkResponses?: boolean;
}

export interface App {
  fastify: FastifyInstance;
  services: {
    auth: AuthService;
    taps: TapService;
    chat: ChatService;
    ping: PingService;
    missions: MissionService;
    gear: GearService;
    cores: CoreService;
    market: MarketService;
    optimizer: OptimizerService;
    drone: DroneService;
    blockchain: BlockchainService;
    terminal: TerminalService;
    kernel: KernelService;
    admin: AdminService;
    ignores: IgnoreService;
    reports: ReportService;
    players: PlayersService;
  };
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
    bodyLimit: balance.apiBodyLimitBytes,
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
    bounds: config.shed ?? { maxInFlight: 0, maxLoopDelayMs: 0, retryAfterSeconds: 1 },
    loopDelay: deps.loopDelay ?? measureLoopDelay(),
    shedCount: metrics.shed,
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
  const { bus } = realtime;
  const auth = createAuthService({
    database,
    now,
    accountsPerIp: config.accountsPerIp,
    registrationsPerIp: config.registrationsPerIp,
    loginAttemptsPerIp: config.loginAttemptsPerIp,
    loginAttemptsPerLoginId: config.loginAttemptsPerLoginId,
    onSessionEnded: (ended) => publishSessionEnded(bus, ended),
    onUserUpdated: (user) => publishUsersUpdated(bus, [user]),
    sharedCounters,
    onSessionLookup: (hit) => metrics.sessionCache.inc({ result: hit ? 'hit' : 'miss' }),
  });
  // Another instance's logout or ban (or the ban script) reaches this one's session cache through the
  // bus; after an outage anything may have been missed, so everything is read afresh.
  bus.subscribe(({ audience, event }) => {
    if (event.t === 'user.updated') auth.userChanged(event.d);
    else if (event.t === 'stream.interrupted') auth.forgetSessions('all');
    else if (event.t === 'session.ended' && audience.kind === 'session')
      auth.forgetSessions({ sessionId: audience.sessionId });
    else if (event.t === 'session.ended' && audience.kind === 'users')
      auth.forgetSessions({ userIds: audience.userIds });
  });
  const taps = createTapService({
    database,
    now,
    random,
    maxConcurrentGroups: database.kind === 'postgres' ? 2 : 1,
    ...(deps.tapRate ? { tapRate: deps.tapRate } : {}),
    onCommitted: (users) => publishUsersUpdated(bus, users),
    onGroup: (size) => metrics.groupCommitSize.observe(size),
  });
  const ignores = createIgnoreService({ database, bus, now });
  const chat = createChatService({ database, bus, now, ignoredIds: (userId) => ignores.ignoredIds(userId) });
  const ping = createPingService({
    database,
    bus,
    now,
    ignoredIds: ignores.ignoredIds,
    isIgnoring: ignores.isIgnoring,
  });
  const blockchain = createBlockchainService({ database, bus, now, random, userView: (id) => auth.view(id) });
  // The terminal and the Kernel complete their missions through the missions service, which asks them for evidence back.
  let missionsRef: MissionService | null = null;
  const completeMission = async (userId: number, missionId: MissionId) =>
    void (await missionsRef?.complete(await auth.view(userId), missionId));
  const terminal = createTerminalService({
    database,
    bus,
    now,
    ...(deps.intrusionTimeLimitMs ? { intrusionTimeLimitMs: deps.intrusionTimeLimitMs } : {}),
    userView: (userId) => auth.view(userId),
    writeSystemLine: ping.writeSystemLine,
    completeMission,
    ignoredIds: ignores.ignoredIds,
  });
  // The Kernel asks only until the player has the mission: later purchases cost one primary-key look-up.
  const kernel = createKernelService({
    database,
    bus,
    now,
    userView: auth.view,
    completeMission: async (userId, missionId) => {
      if (missionsRef && !(await missionsRef.hasCompleted(userId, missionId))) await completeMission(userId, missionId);
    },
  });
  const reports = createReportService({
    database,
    now,
    chatLine: chat.lineById,
    privateMessage: ping.messageSeenBy,
    playerNamed: ignores.playerNamed,
    region: (query) => kernel.state(query),
  });
  const missions = createMissionService({
    database,
    bus,
    now,
    evidence: {
      sentChat: chat.hasSent,
      sentPrivateMessage: ping.hasSent,
      attackedBlockchain: blockchain.hasAttempted,
      terminal: terminal.evidence,
      boughtKernelBit: (userId) => kernel.boughtBit(userId),
    },
  });
  missionsRef = missions;

  const market = createMarketService({ database, bus, now, userView: auth.view });
  const itemDeps = { database, bus, now, listingsOf: market.myListings, userView: auth.view };
  const gear = createGearService(itemDeps);
  const cores = createCoreService({ ...itemDeps, random });

  const optimizer = createOptimizerService({ database, bus, now, userView: auth.view });
  const drone = createDrone({ database, bus, now, random, userView: auth.view });
  const account = createAccountService({
    database,
    now,
    auth,
    market,
    drone: drone.service,
    ping,
    chat,
    exportSections: exportSections({ db: database.db, chat, ping, market, kernel, missions, reports }),
  });
  const apiKeys = createApiKeyService({ database, now, counters: sharedCounters, userView: auth.view });
  const virus = createVirus({
    config,
    database,
    bus,
    now,
    random,
    listings: market,
    userView: auth.view,
    log: fastify.log,
  });
  const admin = createAdminService({ database, now, bus, userView: auth.view });
  const players = createPlayersService({
    database,
    now,
    addressKey: config.sessionSecret,
    auth,
    chat,
    ping,
    market,
    kernel,
  });
  const reportQueue = createReportQueue({ database, now, reports });
  const jobs = createJobRunner({
    database,
    now,
    handlers: createJobHandlers({
      expireListing: market.expire,
      completeOptimizer: optimizer.complete,
      ...drone.jobs,
      respawnBoss: blockchain.respawn,
      expireIntrusion: terminal.expireIntrusion,
      abandonPurchase: virus.abandon,
      endKernelSeason: kernel.endSeasonJob,
    }),
    batchHandlers: drone.batchJobs,
    instanceId: `${hostname()}:${process.pid}`,
    log: fastify.log,
    ...(deps.jobDoneRetentionMs ? { doneRetentionMs: deps.jobDoneRetentionMs } : {}),
    housekeeping: [
      {
        name: 'idempotency keys',
        removeBatch: (at, limit) => pruneIdempotencyKeys(database, { now: at.getTime(), limit }),
      },
      { name: 'expired sessions', removeBatch: auth.pruneExpiredSessions },
      { name: 'ended username reservations', removeBatch: auth.pruneUsernameReservations },
      { name: 'tap batch keys', removeBatch: taps.pruneCountedBatches },
    ],
  });

  await auth.backfillUsernameSkeletons();
  await blockchain.ensureFirstBoss();
  registerErrorHandler(fastify);
  registerContracts(fastify, { checkResponses: deps.checkResponses ?? false });
  registerJsonBody(fastify);
  registerSecurityHeaders(fastify);
  await fastify.register(fastifyCookie, { secret: config.sessionSecret });
  registerOps(fastify, {
    metrics,
    database,
    bus,
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
    options: { maxPayload: balance.socketMaxMessageBytes },
    errorHandler: socketErrorHandler,
  });

  authRoutes(fastify, auth);
  accountRoutes(fastify, account, limits);
  tapRoutes(fastify, taps);
  leaderboardRoutes(fastify, database);
  chatRoutes(fastify, chat);
  pingRoutes(fastify, ping);
  ignoreRoutes(fastify, ignores);
  reportRoutes(fastify, reports, limits);
  missionRoutes(fastify, missions);
  activityRoutes(
    fastify,
    createActivityService({
      database,
      describers: {
        soldItems: (ids) => soldItemNames(database.db, ids),
        intruders: (ids) => intruderNames(database.db, ids),
      },
    }),
  );
  registerItemActionLimit(fastify, limits, [inventoryPaths.equip, ...idempotentRoutes]);
  gearRoutes(fastify, gear);
  coreRoutes(fastify, cores);
  marketRoutes(fastify, market);
  optimizerRoutes(fastify, optimizer);
  droneRoutes(fastify, drone.service);
  blockchainRoutes(fastify, blockchain);
  terminalRoutes(fastify, terminal, limits);
  kernelRoutes(fastify, kernel, limits);
  registerVirus(fastify, virus, limits);
  adminRoutes(fastify, database, { admin, players, reportQueue });
  apiKeyRoutes(fastify, apiKeys);
  wsRoutes(fastify, realtime.hub, limits);
  fastify.get('/api/health', async () => ({ ok: true }));

  await registerStaticClient(fastify, config.staticDir);

  return {
    fastify,
    services: {
      auth,
      taps,
      chat,
      ping,
      missions,
      gear,
      cores,
      market,
      optimizer,
      drone: drone.service,
      blockchain,
      terminal,
      kernel,
      admin,
      ignores,
      reports,
      players,
    },
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
