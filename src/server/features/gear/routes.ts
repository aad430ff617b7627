import type { FastifyInstance } from 'fastify';
import {
  ActionResult,
  BulkDestroyBody,
  BulkDestroyResult,
  DestroyGearBody,
  EquipBody,
  GearList,
  inventoryPaths,
} from '../../../core/api/inventory';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { GearService } from './service';

/**
 * spec §7 gear endpoints. There is no POST /api/gear/add: items come only from server rules, and
 * operators grant them with `npm run grant` (docs/decisions/017).
 */
export function gearRoutes(app: FastifyInstance, gear: GearService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(inventoryPaths.gear, { schema: { response: { 200: GearList, ...errorResponses } } }, async (request) =>
    gear.list(requireAuth(request).user.id),
  );

  api.post(
    inventoryPaths.equip,
    { schema: { body: EquipBody, response: { 200: ActionResult, ...errorResponses } } },
    async (request) => gear.equip(requireAuth(request).user, request.body),
  );

  api.post(
    inventoryPaths.destroyGear,
    { schema: { body: DestroyGearBody, response: { 200: ActionResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await gear.destroy(user.id, key, request.body));
    },
  );

  api.post(
    inventoryPaths.bulkDestroy,
    { schema: { body: BulkDestroyBody, response: { 200: BulkDestroyResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await gear.destroyMany(user.id, key, request.body));
    },
  );
}
