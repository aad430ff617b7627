import type { FastifyInstance } from 'fastify';
import { NoFields } from '../../../core/api/common';
import {
  ActionResult,
  DestroyCoreBody,
  inventoryPaths,
  TelnetCoreList,
  TelnetCoreTypeList,
  UseCoreParams,
  UseCoreResult,
} from '../../../core/api/inventory';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { CoreService } from './service';

/** spec §7 Telnet Core endpoints. */
export function coreRoutes(app: FastifyInstance, cores: CoreService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    inventoryPaths.coreTypes,
    { schema: { response: { 200: TelnetCoreTypeList, ...errorResponses } } },
    async (request) => {
      requireAuth(request);
      return cores.types();
    },
  );

  api.get(inventoryPaths.cores, { schema: { response: { 200: TelnetCoreList, ...errorResponses } } }, async (request) =>
    cores.list(requireAuth(request).user.id),
  );

  api.post(
    '/api/telnet-cores/:id/use',
    { schema: { params: UseCoreParams, body: NoFields, response: { 200: UseCoreResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await cores.use(user.id, key, request.params.id));
    },
  );

  api.post(
    inventoryPaths.destroyCore,
    { schema: { body: DestroyCoreBody, response: { 200: ActionResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await cores.destroy(user.id, key, request.body));
    },
  );
}
