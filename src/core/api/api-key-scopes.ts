import type { ApiKeyScope } from './api-keys';
import { blockchainPaths } from './blockchain';
import { inventoryPaths } from './inventory';
import { gridPaths } from './kernel';
import { marketPaths } from './market';

/**
 * The GET routes each scope opens to a key (ADR 075). Anything not listed here — Ping, the file
 * system, Token location, chat, the activity log, the account export, every write — refuses a key,
 * so a new route is closed to keys until it is added on purpose. Each of these answers only public
 * data or the key owner's own.
 */
export const routesOfScope: Readonly<Record<ApiKeyScope, readonly string[]>> = {
  profile: ['/api/auth/user'],
  inventory: [inventoryPaths.gear, inventoryPaths.cores, inventoryPaths.coreTypes],
  market: [marketPaths.listings, marketPaths.prices, marketPaths.myListings],
  leaderboard: ['/api/leaderboard'],
  kernel: [gridPaths.snapshot, gridPaths.changes],
  boss: [blockchainPaths.current, blockchainPaths.lastDefeated],
};

const scopeOfRoute = new Map<string, ApiKeyScope>(
  Object.entries(routesOfScope).flatMap(([scope, routes]) =>
    routes.map((route) => [route, scope as ApiKeyScope] as const),
  ),
);

/** The scope a key needs to read this route, or null when no key may read it. */
export function scopeFor(routePattern: string): ApiKeyScope | null {
  return scopeOfRoute.get(routePattern) ?? null;
}
