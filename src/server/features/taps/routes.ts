import type { FastifyInstance } from 'fastify';
import { ProgressBody, TapBatchBody } from '../../../core/api/game';
import { texts } from '../../../core/texts';
import { HttpError, parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { TapService } from './service';

export function tapRoutes(app: FastifyInstance, taps: TapService): void {
  app.post('/api/game/tap-batch', async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseInput(TapBatchBody, request.body);
    const outcome = await taps.submitBatch(auth.user.id, body);
    switch (outcome.kind) {
      case 'counted':
        return outcome.response;
      case 'duplicate':
        // Already counted: answer with the truth so a retry after a lost response reconciles.
        return {
          user: outcome.user,
          gearDrops: [],
          telnetCoreDrops: [],
          levelsGained: 0,
          telnetGained: 0,
          lostDrops: 0,
          inventoryFull: false,
        };
      case 'refused':
        return reply.status(423).send({
          message: texts.tapRateExceeded,
          challenge: { kind: 'slow-down', retryAfterMs: outcome.retryAfterMs },
        });
      case 'gone':
        throw new HttpError(401, texts.notSignedIn);
    }
  });

  app.post('/api/game/progress', async (request) => {
    const auth = requireAuth(request);
    const body = parseInput(ProgressBody, request.body);
    const result = await taps.checkProgress(auth.user.id, body);
    if (!result) throw new HttpError(401, texts.notSignedIn);
    return result;
  });
}
