import type { FastifyInstance } from 'fastify';
import { blockchainPaths, SubmitCodeBody } from '../../../core/api/blockchain';
import { parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { BlockchainService } from './service';

/** spec §7 Blockchain calls; a guess spends experience, so it needs an Idempotency-Key. */
export function blockchainRoutes(app: FastifyInstance, blockchain: BlockchainService): void {
  app.get(blockchainPaths.current, async (request, reply) =>
    reply.send(await blockchain.current(requireAuth(request).user.id)),
  );

  app.get(blockchainPaths.lastDefeated, async (request, reply) => {
    requireAuth(request);
    return reply.send(await blockchain.lastDefeated());
  });

  app.post(blockchainPaths.submit, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await blockchain.submit(user.id, key, parseInput(SubmitCodeBody, request.body)));
  });
}
