import type { FastifyInstance } from 'fastify';
import {
  CompletePurchaseBody,
  CompletePurchaseResult,
  CreatePaymentIntentBody,
  CreatePaymentIntentResult,
  TestPayBody,
  TestPayResult,
  virusPaths,
  VirusShop,
  WebhookReceipt,
} from '../../../core/api/virus';
import { infra } from '../../../core/infra';
import { texts } from '../../../core/texts';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { HttpError } from '../../http/errors';
import { requireIdempotencyKey } from '../../http/idempotency-key';
import { byAddress, type Limits } from '../../http/limits';
import { requireAuth } from '../../http/session';
import type { VirusService } from './service';

/** spec §7 payment endpoints, the Virus shop's reads, and the provider's signed webhook. */
export function virusRoutes(app: FastifyInstance, virus: VirusService, limits: Limits): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(virusPaths.shop, { schema: { response: { 200: VirusShop, ...errorResponses } } }, async (request) =>
    virus.shop(requireAuth(request).user.id),
  );

  api.post(
    virusPaths.createIntent,
    { schema: { body: CreatePaymentIntentBody, response: { 200: CreatePaymentIntentResult, ...errorResponses } } },
    async (request) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return virus.start(user.id, key, request.body);
    },
  );

  api.post(
    virusPaths.complete,
    { schema: { body: CompletePurchaseBody, response: { 200: CompletePurchaseResult, ...errorResponses } } },
    async (request) => virus.complete(requireAuth(request).user.id, request.body.paymentIntentId),
  );

  api.post(
    virusPaths.testPay,
    { schema: { body: TestPayBody, response: { 200: TestPayResult, ...errorResponses } } },
    async (request) => virus.testPay(requireAuth(request).user.id, request.body),
  );

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
    // No body schema: the signature covers the raw bytes, which the service checks before reading them.
    const webhook = {
      bodyLimit: infra.virusWebhookBodyLimitBytes,
      schema: { response: { 200: WebhookReceipt, ...errorResponses } },
    };
    scope.withTypeProvider<ZodTypeProvider>().post(virusPaths.webhook, webhook, async (request) => {
      await webhooks.take(request);
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, texts.virus.webhookBadSignature);
      const signature = request.headers['stripe-signature'];
      return virus.webhook(request.body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
