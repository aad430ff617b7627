import type { FastifyInstance } from 'fastify';
import { DestroyCoreBody, inventoryPaths, UseCoreBody, UseCoreParams } from '../../../core/api/inventory';
import { parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { CoreService } from './service';

/** spec §7 Telnet Core endpoints. */
export function coreRoutes(app: FastifyInstance, cores: CoreService): void {
  app.get(inventoryPaths.coreTypes, async (request) => {
    requireAuth(request);
    return cores.types();
  });

  app.get(inventoryPaths.cores, async (request) => cores.list(requireAuth(request).user.id));

  app.post('/api/telnet-cores/:id/use', async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    const { id } = parseInput(UseCoreParams, request.params);
    parseInput(UseCoreBody, request.body ?? undefined);
    return sendOutcome(reply, await cores.use(user.id, key, id));
  });

  app.post(inventoryPaths.destroyCore, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await cores.destroy(user.id, key, parseInput(DestroyCoreBody, request.body)));
  });
}
