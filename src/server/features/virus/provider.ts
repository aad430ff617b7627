import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** A PaymentIntent as the service reads it, whichever provider made it. */
export interface IntentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
}

/** A verified webhook event, narrowed to what the service acts on. */
export type PaymentEvent =
  | { type: 'payment_intent.succeeded'; paymentIntentId: string }
  | { type: 'payment_intent.payment_failed'; paymentIntentId: string }
  | { type: 'charge.refunded' | 'charge.dispute.created'; paymentIntentId: string | null }
  | { type: 'ignored'; eventType: string };

export interface PaymentProvider {
  mode: 'stripe' | 'test';
  /** The key the client loads Stripe.js with (never the secret key). */
  publishableKey: string | null;
  createIntent(p: { amountCents: number; currency: string; metadata: Record<string, string>; idempotencyKey: string; description: string }): Promise<IntentView>;
  /** The intent as the provider knows it now, or null when it does not exist. */
  retrieveIntent(id: string): Promise<IntentView | null>;
  /** Verifies a webhook on its raw body; null for a missing or bad signature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
}

/** Where the Stripe SDK sends its requests: api.stripe.com in production, a local fake in tests. */
export interface StripeApiTarget {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

function intentId(of: string | { id: string } | null | undefined): string | null {
  if (!of) return null;
  return typeof of === 'string' ? of : of.id;
}

/** The real provider: the official SDK with the secret key; webhooks checked with the signing secret. */
export function createStripeProvider(p: { secretKey: string; publishableKey: string; webhookSecret: string; api?: StripeApiTarget }): PaymentProvider {
  const stripe = new Stripe(p.secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...(p.api ?? {}) });
  const view = (pi: Stripe.PaymentIntent): IntentView => ({
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    currency: pi.currency,
    clientSecret: pi.client_secret,
    metadata: { ...pi.metadata },
  });
  return {
    mode: 'stripe',
    publishableKey: p.publishableKey,
    async createIntent(r) {
      const pi = await stripe.paymentIntents.create(
        { amount: r.amountCents, currency: r.currency, metadata: r.metadata, description: r.description, automatic_payment_methods: { enabled: true } },
        { idempotencyKey: r.idempotencyKey },
      );
      return view(pi);
    },
    async retrieveIntent(id) {
      try {
        return view(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, p.webhookSecret);
      } catch {
        return null;
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
          return { type: event.type, paymentIntentId: event.data.object.id };
        case 'charge.refunded':
          return { type: event.type, paymentIntentId: intentId(event.data.object.payment_intent) };
        case 'charge.dispute.created':
          return { type: event.type, paymentIntentId: intentId(event.data.object.payment_intent) };
        default:
          return { type: 'ignored', eventType: event.type };
      }
    },
  };
}

/** The test provider's fake cards: this one pays, this one is declined (Stripe's own test numbers). */
export const testCards = { pays: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * PAYMENTS=test (never in production): intents live in this process's memory and the screen's fake
 * card form "pays" them. No webhooks: the client's completion is the only way in.
 */
export function createTestProvider(): PaymentProvider & { pay(id: string, cardNumber: string): 'succeeded' | 'failed' | null } {
  const intents = new Map<string, IntentView>();
  const byKey = new Map<string, string>();
  return {
    mode: 'test',
    publishableKey: null,
    async createIntent(r) {
      const existing = byKey.get(r.idempotencyKey);
      if (existing) return intents.get(existing)!;
      const id = `pi_test${randomBytes(12).toString('hex')}`;
      const intent = { id, status: 'requires_payment_method', amount: r.amountCents, currency: r.currency, clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`, metadata: { ...r.metadata } };
      intents.set(id, intent);
      byKey.set(r.idempotencyKey, id);
      return intent;
    },
    async retrieveIntent(id) {
      return intents.get(id) ?? null;
    },
    verifyWebhook() {
      return null;
    },
    pay(id, cardNumber) {
      const intent = intents.get(id);
      if (!intent) return null;
      if (intent.status === 'succeeded') return 'succeeded';
      intent.status = cardNumber.replace(/\s/g, '') === testCards.pays ? 'succeeded' : 'requires_payment_method';
      return intent.status === 'succeeded' ? 'succeeded' : 'failed';
    },
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
