import type { FastifyInstance } from 'fastify';
import { CompletePurchaseBody, CreatePaymentIntentBody, TestPayBody, virusPaths } from '../../../core/api/virus';
import { infra } from '../../../core/infra';
import { texts } from '../../../core/texts';
import { HttpError, parseInput } from '../../http/errors';
import { requireIdempotencyKey } from '../../http/idempotency-key';
import { byAddress, type Limits } from '../../http/limits';
import { requireAuth } from '../../http/session';
import type { VirusService } from './service';

/** spec §7 payment endpoints, the Virus shop's reads, and the provider's signed webhook. */
export function virusRoutes(app: FastifyInstance, virus: VirusService, limits: Limits): void {
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
  const webhooks = limits.declare({
    name: 'virus-webhooks',
    limit: infra.virusWebhooksPerMinute,
    windowMs: 60_000,
    keyOf: byAddress,
    refusal: texts.virus.tooManyWebhooks,
  });
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: infra.virusWebhookBodyLimitBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post(virusPaths.webhook, { bodyLimit: infra.virusWebhookBodyLimitBytes }, async (request) => {
      await webhooks.take(request);
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, texts.virus.webhookBadSignature);
      const signature = request.headers['stripe-signature'];
      return virus.webhook(request.body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
