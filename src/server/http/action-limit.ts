import type { FastifyInstance } from 'fastify';
import { balance } from '../../core/balance';
import { itemTexts } from '../../core/texts';
import { HttpError } from './errors';
import { WindowLimiter } from './rate-limit';

/**
 * One per-player budget for inventory and market POSTs (balance.itemActionsPerMinute): a script
 * cannot hammer buy or open in a loop. Checked after the session hook, so it counts players, not addresses.
 */
export function registerItemActionLimit(app: FastifyInstance, now: () => number, paths: readonly string[]): void {
  const limiter = new WindowLimiter(balance.itemActionsPerMinute, 60_000, now);
  const limited = new Set(paths);
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !limited.has(request.routeOptions.url ?? '')) return;
    const userId = request.auth?.user.id;
    if (userId !== undefined && !limiter.hit(String(userId))) throw new HttpError(429, itemTexts.tooManyItemActions, { success: false });
  });
}
