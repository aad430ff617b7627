import type { FastifyInstance } from 'fastify';
import {
  ApiKeyList,
  apiKeyPaths,
  CreateApiKeyBody,
  CreateApiKeyResponse,
  RevokeApiKeyBody,
  RevokeApiKeyResponse,
} from '../../../core/api/api-keys';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireAuth } from '../../http/session';
import type { ApiKeyService } from './service';

/** The settings screen's API KEYS panel: list, create, revoke — with the session only, never with a key (ADR 075). */
export function apiKeyRoutes(app: FastifyInstance, keys: ApiKeyService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(apiKeyPaths.list, { schema: { response: { 200: ApiKeyList, ...errorResponses } } }, async (request) =>
    keys.list(requireAuth(request).user.id),
  );

  api.post(
    apiKeyPaths.create,
    { schema: { body: CreateApiKeyBody, response: { 201: CreateApiKeyResponse, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      return reply.status(201).send(await keys.create(user.id, request.body));
    },
  );

  api.post(
    apiKeyPaths.revoke,
    { schema: { body: RevokeApiKeyBody, response: { 200: RevokeApiKeyResponse, ...errorResponses } } },
    async (request) => keys.revoke(requireAuth(request).user.id, request.body.id),
  );
}
