import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app';
import { exportSections } from '../features/account/export';
import { createAccountService } from '../features/account/service';
import { createActivityService } from '../features/activity/service';
import { createPlayersService } from '../features/admin/players-service';
import { createReportQueue } from '../features/admin/reports-queue';
import { createAdminService } from '../features/admin/service';
import { createApiKeyService } from '../features/api-keys/service';
import { createAuthService } from '../features/auth/service';
import { createBlockchainService } from '../features/blockchain/service';
import { createChatService } from '../features/chat/service';
import { createCoreService } from '../features/cores/service';
import { soldItemNames } from '../features/data-exchange/reversal';
import { createMarketService } from '../features/data-exchange/service';
import { createGearService } from '../features/gear/service';
import { createIgnoreService } from '../features/ignores/service';
import { createKernelService } from '../features/kernel/service';
import { listenForMissions } from '../features/missions/listen';
import { createMissionService } from '../features/missions/service';
import { createOptimizerService } from '../features/optimizer/service';
import { createDrone } from '../features/drone/register';
import { createPingService } from '../features/ping/service';
import { createReportService } from '../features/reports/service';
import { createTapService } from '../features/taps/service';
import { intruderNames } from '../features/terminal/intruder-names';
import { createTerminalService } from '../features/terminal/service';
import { createVirus } from '../features/virus/plugin';
import type { Metrics } from '../http/ops';
import type { SharedCounters } from '../http/shared-limiter';
import { createDomainEvents } from '../events/domain-events';
import type { Bus } from '../realtime/bus';
import { publishSessionEnded, publishUsersUpdated } from '../realtime/notify';

/** What every feature's service may be made from: the app's deps and the shared plumbing buildApp opened. */
export interface ServiceContext {
  deps: AppDeps;
  now: () => number;
  random: () => number;
  bus: Bus;
  log: FastifyBaseLogger;
  metrics: Metrics;
  sharedCounters: SharedCounters | null;
}

/** The player's own account and the social features the others ask about (views, ignores). */
function createPlayerServices(c: ServiceContext) {
  const { deps, now, random, bus, metrics } = c;
  const { config, database } = deps;
  const auth = createAuthService({
    database,
    now,
    accountsPerIp: config.accountsPerIp,
    registrationsPerIp: config.registrationsPerIp,
    loginAttemptsPerIp: config.loginAttemptsPerIp,
    loginAttemptsPerLoginId: config.loginAttemptsPerLoginId,
    onSessionEnded: (ended) => publishSessionEnded(bus, ended),
    onUserUpdated: (user) => publishUsersUpdated(bus, [user]),
    sharedCounters: c.sharedCounters,
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
  return { auth, taps, ignores, chat, ping };
}

/** The game's features; the Terminal and the Kernel report to the missions through domain events (ADR 079). */
function createGameServices(c: ServiceContext, p: ReturnType<typeof createPlayerServices>) {
  const { deps, now, random, bus, log } = c;
  const { database } = deps;
  const userView = p.auth.view;
  const events = createDomainEvents(log);
  const blockchain = createBlockchainService({ database, bus, now, random, userView });
  const terminal = createTerminalService({
    database,
    bus,
    now,
    ...(deps.intrusionTimeLimitMs ? { intrusionTimeLimitMs: deps.intrusionTimeLimitMs } : {}),
    userView,
    writeSystemLine: p.ping.writeSystemLine,
    events,
    ignoredIds: p.ignores.ignoredIds,
  });
  const kernel = createKernelService({ database, bus, now, userView, events });
  const missions = createMissionService({
    database,
    bus,
    now,
    evidence: {
      sentChat: p.chat.hasSent,
      sentPrivateMessage: p.ping.hasSent,
      attackedBlockchain: blockchain.hasAttempted,
      terminal: terminal.evidence,
      boughtKernelBit: (userId) => kernel.boughtBit(userId),
    },
  });
  listenForMissions(events, missions, userView);
  const market = createMarketService({ database, bus, now, userView });
  const itemDeps = { database, bus, now, listingsOf: market.myListings, userView };
  const gear = createGearService(itemDeps);
  const cores = createCoreService({ ...itemDeps, random });
  const optimizer = createOptimizerService({ database, bus, now, userView });
  const drone = createDrone({ database, bus, now, random, userView, userViews: p.auth.views });
  const virus = createVirus({ config: deps.config, database, bus, now, random, listings: market, userView, log });
  return { blockchain, terminal, kernel, missions, market, gear, cores, optimizer, drone, virus };
}

/** Account, moderation and operator services, which read across the others. */
function createOperatorServices(
  c: ServiceContext,
  s: ReturnType<typeof createPlayerServices> & ReturnType<typeof createGameServices>,
) {
  const { deps, now, bus } = c;
  const { config, database } = deps;
  const { auth, chat, ping, market, kernel, missions } = s;
  const reports = createReportService({
    database,
    now,
    chatLine: chat.lineById,
    privateMessage: ping.messageSeenBy,
    playerNamed: s.ignores.playerNamed,
    region: (query) => kernel.state(query),
  });
  const account = createAccountService({
    database,
    now,
    auth,
    market,
    drone: s.drone.service,
    ping,
    chat,
    exportSections: exportSections({ db: database.db, chat, ping, market, kernel, missions, reports }),
  });
  const apiKeys = createApiKeyService({ database, now, counters: c.sharedCounters, userView: auth.view });
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
  const activity = createActivityService({
    database,
    describers: {
      soldItems: (ids) => soldItemNames(database.db, ids),
      intruders: (ids) => intruderNames(database.db, ids),
    },
  });
  return { reports, account, apiKeys, admin, players, reportQueue, activity };
}

/** Every feature's service, each made once and given the others it needs explicitly. */
export function createServices(c: ServiceContext) {
  const player = createPlayerServices(c);
  const game = createGameServices(c, player);
  return { ...player, ...game, ...createOperatorServices(c, { ...player, ...game }) };
}

export type Services = ReturnType<typeof createServices>;
