import type { FastifyInstance } from 'fastify';
import {
  blockchainPaths,
  CurrentBossResponse,
  GuessResult,
  LastDefeatedResponse,
  SubmitCodeBody,
} from '../../../core/api/blockchain';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { BlockchainService } from './service';

/** spec §7 Blockchain calls; a guess spends experience, so it needs an Idempotency-Key. */
export function blockchainRoutes(app: FastifyInstance, blockchain: BlockchainService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Both reads may answer null (no boss up, none defeated yet): sent, not returned, so null is the body.
  api.get(
    blockchainPaths.current,
    { schema: { response: { 200: CurrentBossResponse, ...errorResponses } } },
    async (request, reply) => reply.send(await blockchain.current(requireAuth(request).user.id)),
  );

  api.get(
    blockchainPaths.lastDefeated,
    { schema: { response: { 200: LastDefeatedResponse, ...errorResponses } } },
    async (request, reply) => {
      requireAuth(request);
      return reply.send(await blockchain.lastDefeated());
    },
  );

  api.post(
    blockchainPaths.submit,
    { schema: { body: SubmitCodeBody, response: { 200: GuessResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await blockchain.submit(user.id, key, request.body));
    },
  );
}
