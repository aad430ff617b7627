import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { balance } from '../core/balance';
import type { Config } from './config';
import type { Database } from './db/connect';
import { authRoutes } from './features/auth/routes';
import { chatRoutes } from './features/chat/routes';
import { createChatService, type ChatService } from './features/chat/service';
import { createAuthService, type AuthService } from './features/auth/service';
import { leaderboardRoutes } from './features/leaderboard/routes';
import { missionRoutes } from './features/missions/routes';
import { createMissionService, type MissionService } from './features/missions/service';
import { pingRoutes } from './features/ping/routes';
import { createPingService, type PingService } from './features/ping/service';
import { coreRoutes } from './features/cores/routes';
import { createCoreService, type CoreService } from './features/cores/service';
import { marketRoutes } from './features/data-exchange/routes';
import { createMarketService, type MarketService } from './features/data-exchange/service';
import { gearRoutes } from './features/gear/routes';
import { createGearService, type GearService } from './features/gear/service';
import { tapRoutes } from './features/taps/routes';
import { createTapService, type TapService } from './features/taps/service';
import { registerVirus } from './features/virus/plugin';
import { inventoryPaths } from '../core/api/inventory';
import { idempotentRoutes } from '../core/api/market';
import { registerItemActionLimit } from './http/action-limit';
import { registerCsrf } from './http/csrf';
import { createJobHandlers, createJobRunner, type JobRunner } from './jobs';
import { pruneIdempotencyKeys } from './idempotency';
import { notFoundBody, registerErrorHandler } from './http/errors';
import { registerJsonBody } from './http/json-body';
import { registerSecureData } from './http/secure-data';
import { registerSession } from './http/session';
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
  };
  /** The event bus, presence and this instance's sockets. */
  realtime: Realtime;
  /** Timed and background work; main.ts starts it polling, tests call jobs.runDue() after moving the clock. */
  jobs: JobRunner;
  /** Stops taking requests and lets queued tap groups commit. */
  close(): Promise<void>;
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
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A hop count becomes proxy-addr's (address, hop) predicate; addresses and booleans pass as they are.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: balance.apiBodyLimitBytes,
    connectionTimeout: 60_000,
    requestTimeout: 15_000,
    keepAliveTimeout: 65_000,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
  });

  const realtime = createRealtime({
    database,
    redisUrl: config.redisUrl,
    log: fastify.log,
    now,
    channel: deps.realtime?.channel ?? config.redisChannel ?? defaultRedisChannel(config.database),
    busSecret: config.sessionSecret,
    ...(deps.realtime?.limits ? { limits: deps.realtime.limits } : {}),
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
  });
  const taps = createTapService({
    database,
    now,
    random,
    maxConcurrentGroups: database.kind === 'postgres' ? 2 : 1,
    ...(deps.tapRate ? { tapRate: deps.tapRate } : {}),
    onCommitted: (users) => publishUsersUpdated(bus, users),
  });
  const chat = createChatService({ database, bus, now });
  const ping = createPingService({ database, bus, now });
  const missions = createMissionService({
    database,
    bus,
    now,
    evidence: { sentChat: chat.hasSent, sentPrivateMessage: ping.hasSent },
  });

  const market = createMarketService({ database, bus, now, userView: auth.view });
  const itemDeps = { database, bus, listingsOf: market.myListings, userView: auth.view };
  const gear = createGearService(itemDeps);
  const cores = createCoreService({ ...itemDeps, random });

  const jobs = createJobRunner({
    database,
    now,
    handlers: createJobHandlers({ expireListing: market.expire }),
    instanceId: `${hostname()}:${process.pid}`,
    log: fastify.log,
    housekeeping: [{ name: 'idempotency keys', run: (at) => pruneIdempotencyKeys(database, { now: at.getTime() }) }],
  });

  await auth.backfillUsernameSkeletons();
  registerErrorHandler(fastify);
  registerJsonBody(fastify);
  await fastify.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix dialogs inject a <style> for scroll locking; inline styles only, never scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  await fastify.register(fastifyCookie, { secret: config.sessionSecret });
  registerSession(fastify, auth);
  registerCsrf(fastify);
  registerSecureData(fastify);
  await fastify.register(fastifyWebsocket, { options: { maxPayload: balance.socketMaxMessageBytes }, errorHandler: socketErrorHandler });

  authRoutes(fastify, auth);
  tapRoutes(fastify, taps);
  leaderboardRoutes(fastify, database);
  chatRoutes(fastify, chat);
  pingRoutes(fastify, ping);
  missionRoutes(fastify, missions);
  registerItemActionLimit(fastify, now, [inventoryPaths.equip, ...idempotentRoutes]);
  gearRoutes(fastify, gear);
  coreRoutes(fastify, cores);
  marketRoutes(fastify, market);
  registerVirus(fastify, { config, database, bus, now, random });
  wsRoutes(fastify, realtime.hub);
  fastify.get('/api/health', async () => ({ ok: true }));

  const servesClient = config.staticDir !== null && existsSync(join(config.staticDir, 'index.html'));
  if (servesClient) await fastify.register(fastifyStatic, { root: config.staticDir!, wildcard: false, index: 'index.html' });
  fastify.setNotFoundHandler((request, reply) => {
    // Client-side routes (/leaderboard, unknown paths for the 404 screen) all load the app shell.
    if (servesClient && request.method === 'GET' && !request.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });

  return {
    fastify,
    services: { auth, taps, chat, ping, missions, gear, cores, market },
    realtime,
    jobs,
    async close() {
      // Sockets first (their players go offline while the database is still open), then HTTP,
      // then the job in flight (it may still publish on the bus), all before the database closes.
      await realtime.hub.stop();
      await fastify.close();
      await jobs.stop();
      await taps.drain();
      await realtime.close();
      auth.close();
    },
  };
}
