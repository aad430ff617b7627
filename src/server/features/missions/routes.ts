import type { FastifyInstance } from 'fastify';
import { CompleteMissionBody, CompleteMissionResponse, MissionStatus } from '../../../core/api/missions';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireAuth } from '../../http/session';
import type { MissionService } from './service';

/** spec §7 mission endpoints. */
export function missionRoutes(app: FastifyInstance, missions: MissionService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/missions/status',
    { schema: { response: { 200: MissionStatus, ...errorResponses } } },
    async (request) => missions.status(requireAuth(request).user.id),
  );

  api.post(
    '/api/missions/complete',
    { schema: { body: CompleteMissionBody, response: { 200: CompleteMissionResponse, ...errorResponses } } },
    async (request) => missions.complete(requireAuth(request).user, request.body.missionId),
  );
}
