import type { FastifyInstance } from 'fastify';
import { DroneBuyBody, DroneHarvestBody, dronePaths } from '../../../core/api/drone';
import { parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { DroneService } from './service';

/** spec §7 Drone calls; buying spends Telnet, so it needs an Idempotency-Key (ADR 021). */
export function droneRoutes(app: FastifyInstance, drone: DroneService): void {
  app.get(dronePaths.status, async (request) => drone.status(requireAuth(request).user.id));

  app.post(dronePaths.buy, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await drone.buy(user.id, key, parseInput(DroneBuyBody, request.body)));
  });

  for (const path of [dronePaths.process, dronePaths.harvest]) {
    app.post(path, async (request) => {
      const { user } = requireAuth(request);
      parseInput(DroneHarvestBody, request.body ?? {});
      return drone.harvest(user.id);
    });
  }
}
