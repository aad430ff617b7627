import type { FastifyInstance } from 'fastify';
import { CompleteMissionBody, type CompleteMissionResponse, type MissionStatus } from '../../../core/api/missions';
import { parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { MissionService } from './service';

/** spec §7 mission endpoints. */
export function missionRoutes(app: FastifyInstance, missions: MissionService): void {
  app.get('/api/missions/status', async (request): Promise<MissionStatus> =>
    missions.status(requireAuth(request).user.id),
  );

  app.post('/api/missions/complete', async (request): Promise<CompleteMissionResponse> => {
    const { user } = requireAuth(request);
    return missions.complete(user, parseInput(CompleteMissionBody, request.body).missionId);
  });
}
