import { Health } from '../../core/api/ops';
import { errorResponses, type ZodTypeProvider } from '../http/contracts';
import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '../../core/api/inventory';
import { idempotentRoutes } from '../../core/api/market';
import type { Database } from '../db/connect';
import { accountRoutes } from '../features/account/routes';
import { activityRoutes } from '../features/activity/routes';
import { adminRoutes } from '../features/admin/routes';
import { apiKeyRoutes } from '../features/api-keys/routes';
import { authRoutes } from '../features/auth/routes';
import { blockchainRoutes } from '../features/blockchain/routes';
import { chatRoutes } from '../features/chat/routes';
import { coreRoutes } from '../features/cores/routes';
import { marketRoutes } from '../features/data-exchange/routes';
import { gearRoutes } from '../features/gear/routes';
import { ignoreRoutes } from '../features/ignores/routes';
import { kernelRoutes } from '../features/kernel/routes';
import { leaderboardRoutes } from '../features/leaderboard/routes';
import { missionRoutes } from '../features/missions/routes';
import { optimizerRoutes } from '../features/optimizer/routes';
import { droneRoutes } from '../features/drone/routes';
import { pingRoutes } from '../features/ping/routes';
import { reportRoutes } from '../features/reports/routes';
import { tapRoutes } from '../features/taps/routes';
import { terminalRoutes } from '../features/terminal/routes';
import { registerVirus } from '../features/virus/plugin';
import { registerItemActionLimit } from '../http/action-limit';
import type { Limits } from '../http/limits';
import type { Realtime } from '../realtime/realtime';
import { wsRoutes } from '../realtime/ws-routes';
import type { Services } from './services';

/** What a feature's routes may be given: its own service (and the others'), the shared limits. */
export interface FeatureContext {
  database: Database;
  services: Services;
  limits: Limits;
  realtime: Realtime;
}

/** One feature's HTTP (and socket) surface: the one shape every feature is wired in by (ADR 079). */
export interface Feature {
  name: string;
  register(app: FastifyInstance, context: FeatureContext): void;
}

/**
 * Every feature, registered in this order by buildApp. Each entry wraps the feature's own
 * `xRoutes(app, …)`, so a route file keeps its shape; the order is the order routes and their
 * hooks were always added in (the item-action budget before the item routes it counts).
 */
export const features: readonly Feature[] = [
  { name: 'auth', register: (app, { services }) => authRoutes(app, services.auth) },
  { name: 'account', register: (app, { services, limits }) => accountRoutes(app, services.account, limits) },
  { name: 'taps', register: (app, { services }) => tapRoutes(app, services.taps) },
  { name: 'leaderboard', register: (app, { database }) => leaderboardRoutes(app, database) },
  { name: 'chat', register: (app, { services }) => chatRoutes(app, services.chat) },
  { name: 'ping', register: (app, { services }) => pingRoutes(app, services.ping) },
  { name: 'ignores', register: (app, { services }) => ignoreRoutes(app, services.ignores) },
  { name: 'reports', register: (app, { services, limits }) => reportRoutes(app, services.reports, limits) },
  { name: 'missions', register: (app, { services }) => missionRoutes(app, services.missions) },
  { name: 'activity', register: (app, { services }) => activityRoutes(app, services.activity) },
  {
    name: 'item-action-limit',
    register: (app, { limits }) => registerItemActionLimit(app, limits, [inventoryPaths.equip, ...idempotentRoutes]),
  },
  { name: 'gear', register: (app, { services }) => gearRoutes(app, services.gear) },
  { name: 'cores', register: (app, { services }) => coreRoutes(app, services.cores) },
  { name: 'data-exchange', register: (app, { services }) => marketRoutes(app, services.market) },
  { name: 'optimizer', register: (app, { services }) => optimizerRoutes(app, services.optimizer) },
  { name: 'drone', register: (app, { services }) => droneRoutes(app, services.drone.service) },
  { name: 'blockchain', register: (app, { services }) => blockchainRoutes(app, services.blockchain) },
  { name: 'terminal', register: (app, { services, limits }) => terminalRoutes(app, services.terminal, limits) },
  { name: 'kernel', register: (app, { services, limits }) => kernelRoutes(app, services.kernel, limits) },
  { name: 'virus', register: (app, { services, limits }) => registerVirus(app, services.virus, limits) },
  {
    name: 'admin',
    register: (app, { database, services: { admin, players, reportQueue } }) =>
      adminRoutes(app, database, { admin, players, reportQueue }),
  },
  { name: 'api-keys', register: (app, { services }) => apiKeyRoutes(app, services.apiKeys) },
  { name: 'realtime', register: (app, { realtime, limits }) => wsRoutes(app, realtime.hub, limits) },
  {
    name: 'health',
    register: (app) =>
      void app
        .withTypeProvider<ZodTypeProvider>()
        .get('/api/health', { schema: { response: { 200: Health, ...errorResponses } } }, async () => ({
          ok: true as const,
        })),
  },
];

/** Registers every feature of the list, in its order. */
export function registerFeatures(app: FastifyInstance, context: FeatureContext): void {
  for (const feature of features) feature.register(app, context);
}
