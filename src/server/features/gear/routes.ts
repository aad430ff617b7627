import type { FastifyInstance } from 'fastify';
import { BulkDestroyBody, DestroyGearBody, EquipBody, inventoryPaths } from '../../../core/api/inventory';
import { parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { GearService } from './service';

/**
 * spec §7 gear endpoints. There is no POST /api/gear/add: items come only from server rules, and
 * operators grant them with `npm run grant` (docs/decisions/017).
 */
export function gearRoutes(app: FastifyInstance, gear: GearService): void {
  app.get(inventoryPaths.gear, async (request) => gear.list(requireAuth(request).user.id));

  app.post(inventoryPaths.equip, async (request) => {
    const { user } = requireAuth(request);
    return gear.equip(user, parseInput(EquipBody, request.body));
  });

  app.post(inventoryPaths.destroyGear, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await gear.destroy(user.id, key, parseInput(DestroyGearBody, request.body)));
  });

  app.post(inventoryPaths.bulkDestroy, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await gear.destroyMany(user.id, key, parseInput(BulkDestroyBody, request.body)));
  });
}
