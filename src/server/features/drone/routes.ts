import type { FastifyInstance } from 'fastify';
import { NoFields } from '../../../core/api/common';
import { DroneBuyBody, DroneBuyResponse, dronePaths, DroneProcessResult, DroneStatus } from '../../../core/api/drone';
import { secureAnswer } from '../../../core/api/game';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { DroneService } from './service';

/** spec §7 Drone calls; buying spends Telnet, so it needs an Idempotency-Key (ADR 021). */
export function droneRoutes(app: FastifyInstance, drone: DroneService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(dronePaths.status, { schema: { response: { 200: DroneStatus, ...errorResponses } } }, async (request) =>
    drone.status(requireAuth(request).user.id),
  );

  // telnet-conversion is a secure path: the run bought is answered inside {secureData}.
  api.post(
    dronePaths.buy,
    {
      schema: {
        body: DroneBuyBody,
        response: { 200: secureAnswer(DroneBuyResponse, 'DroneBuyResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await drone.buy(user.id, key, request.body));
    },
  );

  // process and its secure twin harvest (answered inside {secureData}) hand over the same harvest.
  for (const [path, answer] of [
    [dronePaths.process, DroneProcessResult],
    [dronePaths.harvest, secureAnswer(DroneProcessResult, 'DroneProcessResult')],
  ] as const) {
    api.post(path, { schema: { body: NoFields, response: { 200: answer, ...errorResponses } } }, async (request) =>
      drone.harvest(requireAuth(request).user.id),
    );
  }
}
