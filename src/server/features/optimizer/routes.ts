import type { FastifyInstance } from 'fastify';
import { OptimizerStartBody, optimizerPaths } from '../../../core/api/optimizer';
import { parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { OptimizerService } from './service';

/** spec §7 Optimizer calls; start and upgrade spend Telnet, so each needs an Idempotency-Key. */
export function optimizerRoutes(app: FastifyInstance, optimizer: OptimizerService): void {
  app.get(optimizerPaths.status, async (request) => optimizer.status(requireAuth(request).user.id));

  for (const [path, scope] of [
    [optimizerPaths.start, 'optimizer.start'],
    [optimizerPaths.upgrade, 'optimizer.upgrade'],
  ] as const) {
    app.post(path, async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      // spec §7: start has no payload; an absent body reads as {}; anything else is refused.
      parseInput(OptimizerStartBody, request.body ?? {});
      return sendOutcome(reply, await optimizer.start(user.id, key, scope));
    });
  }

  app.post(optimizerPaths.collect, async (request) => {
    const { user } = requireAuth(request);
    parseInput(OptimizerStartBody, request.body ?? {});
    return optimizer.collect(user.id);
  });
}
