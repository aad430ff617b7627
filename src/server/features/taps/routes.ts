import type { FastifyInstance } from 'fastify';
import {
  ProgressBody,
  ProgressResponse,
  secureAnswer,
  TapBatchBody,
  TapBatchResponse,
  TapChallenge,
} from '../../../core/api/game';
import { texts } from '../../../core/texts';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { HttpError } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { TapService } from './service';

// Both are secure paths: the 200 leaves as {secureData} carrying the answer named (secureAnswer). The
// tap batch is the busiest route, so its schema is all it adds: a compiled serializer for a one-field envelope.
const tapBatchAnswer = secureAnswer(TapBatchResponse, 'TapBatchResponse');
const progressAnswer = secureAnswer(ProgressResponse, 'ProgressResponse');

export function tapRoutes(app: FastifyInstance, taps: TapService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tapBatch = { body: TapBatchBody, response: { 200: tapBatchAnswer, 423: TapChallenge, ...errorResponses } };
  api.post('/api/game/tap-batch', { schema: tapBatch }, async (request, reply) => {
    const auth = requireAuth(request);
    const outcome = await taps.submitBatch(auth.user.id, request.body);
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

  const progress = { body: ProgressBody, response: { 200: progressAnswer, ...errorResponses } };
  api.post('/api/game/progress', { schema: progress }, async (request) => {
    const auth = requireAuth(request);
    const result = await taps.checkProgress(auth.user.id, request.body);
    if (!result) throw new HttpError(401, texts.notSignedIn);
    return result;
  });
}
