import type { FastifyInstance } from 'fastify';
import { CompletePurchaseBody, CreatePaymentIntentBody, TestPayBody, virusPaths } from '../../../core/api/virus';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { HttpError, parseInput } from '../../http/errors';
import { requireIdempotencyKey } from '../../http/idempotency-key';
import { WindowLimiter } from '../../http/rate-limit';
import { requireAuth } from '../../http/session';
import type { VirusService } from './service';

/** spec §7 payment endpoints, the Virus shop's reads, and the provider's signed webhook. */
export function virusRoutes(app: FastifyInstance, virus: VirusService, now: () => number): void {
  app.get(virusPaths.shop, async (request) => virus.shop(requireAuth(request).user.id));

  app.post(virusPaths.createIntent, async (request) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return virus.start(user.id, key, parseInput(CreatePaymentIntentBody, request.body));
  });

  app.post(virusPaths.complete, async (request) => {
    const { user } = requireAuth(request);
    return virus.complete(user.id, parseInput(CompletePurchaseBody, request.body).paymentIntentId);
  });

  app.post(virusPaths.testPay, async (request) => {
    const { user } = requireAuth(request);
    return virus.testPay(user.id, parseInput(TestPayBody, request.body));
  });

  // The webhook reads its body raw (the signature covers the exact bytes), in its own scope so no other
  // route loses the JSON parser; CSRF exempts this one path (src/server/http/csrf.ts), never the signature.
  const limiter = new WindowLimiter(balance.virusWebhooksPerMinute, 60_000, now);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: balance.virusWebhookBodyLimitBytes }, (_request, body, done) => done(null, body));
    scope.post(virusPaths.webhook, { bodyLimit: balance.virusWebhookBodyLimitBytes }, async (request) => {
      if (!limiter.hit(request.ip)) throw new HttpError(429, texts.virus.tooManyWebhooks);
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, texts.virus.webhookBadSignature);
      const signature = request.headers['stripe-signature'];
      return virus.webhook(request.body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
