import type { FastifyInstance } from 'fastify';
import {
  apiKeyPaths,
  CreateApiKeyBody,
  RevokeApiKeyBody,
  type ApiKeyList,
  type CreateApiKeyResponse,
  type RevokeApiKeyResponse,
} from '../../../core/api/api-keys';
import { parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { ApiKeyService } from './service';

/** The settings screen's API KEYS panel: list, create, revoke — with the session only, never with a key (ADR 075). */
export function apiKeyRoutes(app: FastifyInstance, keys: ApiKeyService): void {
  app.get(apiKeyPaths.list, async (request): Promise<ApiKeyList> => keys.list(requireAuth(request).user.id));

  app.post(apiKeyPaths.create, async (request, reply) => {
    const { user } = requireAuth(request);
    const created: CreateApiKeyResponse = await keys.create(user.id, parseInput(CreateApiKeyBody, request.body));
    return reply.status(201).send(created);
  });

  app.post(apiKeyPaths.revoke, async (request): Promise<RevokeApiKeyResponse> =>
    keys.revoke(requireAuth(request).user.id, parseInput(RevokeApiKeyBody, request.body).id),
  );
}
