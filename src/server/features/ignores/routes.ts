import type { FastifyInstance } from 'fastify';
import { IgnoreBody, safetyPaths, UnignoreBody, type IgnoreList } from '../../../core/api/safety';
import { parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { IgnoreService } from './service';

/** The player's ignore list (ADR 056): read, add by name, remove by id. */
export function ignoreRoutes(app: FastifyInstance, ignores: IgnoreService): void {
  app.get(safetyPaths.ignores, async (request): Promise<IgnoreList> => ignores.list(requireAuth(request).user.id));

  app.post(safetyPaths.ignores, async (request, reply) => {
    const { user } = requireAuth(request);
    const { entry, created } = await ignores.ignore(user, parseInput(IgnoreBody, request.body).username);
    return reply.status(created ? 201 : 200).send(entry);
  });

  app.post(safetyPaths.unignore, async (request) => {
    const { user } = requireAuth(request);
    return ignores.unignore(user.id, parseInput(UnignoreBody, request.body).userId);
  });
}
