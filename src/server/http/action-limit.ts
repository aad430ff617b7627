import type { FastifyInstance } from 'fastify';
import { infra } from '../../core/infra';
import { itemTexts } from '../../core/texts';
import { byPlayer, type Limits } from './limits';

/**
 * One per-player budget for inventory and market POSTs (infra.itemActionsPerMinute): a script
 * cannot hammer buy or open in a loop. Checked after the session hook, so it counts players, not addresses.
 */
export function registerItemActionLimit(app: FastifyInstance, limits: Limits, paths: readonly string[]): void {
  const itemActions = limits.declare({
    name: 'item-actions',
    limit: infra.itemActionsPerMinute,
    windowMs: 60_000,
    keyOf: byPlayer,
    refusal: itemTexts.tooManyItemActions,
    body: { success: false },
  });
  const limited = new Set(paths);
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !limited.has(request.routeOptions.url ?? '')) return;
    if (request.auth) await itemActions.take(request);
  });
}
