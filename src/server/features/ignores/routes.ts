import type { FastifyInstance } from 'fastify';
import {
  IgnoreBody,
  IgnoredPlayer,
  IgnoreList,
  safetyPaths,
  UnignoreBody,
  UnignoreResponse,
} from '../../../core/api/safety';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireAuth } from '../../http/session';
import type { IgnoreService } from './service';

/** The player's ignore list (ADR 056): read, add by name, remove by id. */
export function ignoreRoutes(app: FastifyInstance, ignores: IgnoreService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(safetyPaths.ignores, { schema: { response: { 200: IgnoreList, ...errorResponses } } }, async (request) =>
    ignores.list(requireAuth(request).user.id),
  );

  // 201 when the player is newly ignored, 200 when they already were (the same entry either way).
  api.post(
    safetyPaths.ignores,
    { schema: { body: IgnoreBody, response: { 200: IgnoredPlayer, 201: IgnoredPlayer, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { entry, created } = await ignores.ignore(user, request.body.username);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  api.post(
    safetyPaths.unignore,
    { schema: { body: UnignoreBody, response: { 200: UnignoreResponse, ...errorResponses } } },
    async (request) => ignores.unignore(requireAuth(request).user.id, request.body.userId),
  );
}
