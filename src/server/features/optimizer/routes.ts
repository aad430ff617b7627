import type { FastifyInstance } from 'fastify';
import { NoFields } from '../../../core/api/common';
import { secureAnswer } from '../../../core/api/game';
import {
  OptimizerCollectResponse,
  optimizerPaths,
  OptimizerStartResponse,
  OptimizerStatus,
} from '../../../core/api/optimizer';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { OptimizerService } from './service';

/** spec §7 Optimizer calls; start and upgrade spend Telnet, so each needs an Idempotency-Key. */
export function optimizerRoutes(app: FastifyInstance, optimizer: OptimizerService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    optimizerPaths.status,
    { schema: { response: { 200: OptimizerStatus, ...errorResponses } } },
    async (request) => optimizer.status(requireAuth(request).user.id),
  );

  // spec §7: start and upgrade have no payload; upgrade is start on a secure path (its answer is wrapped).
  for (const [path, scope, answer] of [
    [optimizerPaths.start, 'optimizer.start', OptimizerStartResponse],
    [optimizerPaths.upgrade, 'optimizer.upgrade', secureAnswer(OptimizerStartResponse, 'OptimizerStartResponse')],
  ] as const) {
    api.post(
      path,
      { schema: { body: NoFields, response: { 200: answer, ...errorResponses } } },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const key = requireIdempotencyKey(request);
        return sendOutcome(reply, await optimizer.start(user.id, key, scope));
      },
    );
  }

  api.post(
    optimizerPaths.collect,
    { schema: { body: NoFields, response: { 200: OptimizerCollectResponse, ...errorResponses } } },
    async (request) => optimizer.collect(requireAuth(request).user.id),
  );
}
