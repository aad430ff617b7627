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
  createIntent(p: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    description: string;
  }): Promise<IntentView>;
  /** The intent as the provider knows it now, or null when it does not exist. */
  retrieveIntent(id: string): Promise<IntentView | null>;
  /**
   * Cancels an unpaid intent so it can never be paid later (a declined or abandoned purchase).
   * 'succeeded' when it was paid first (then the payment is fulfilled or refunded, never lost).
   */
  cancelIntent(id: string, idempotencyKey: string): Promise<'canceled' | 'succeeded' | 'missing'>;
  /** Refunds a succeeded intent in full (a payment past the daily limit); a repeat with the same key refunds once. */
  refundIntent(id: string, idempotencyKey: string): Promise<void>;
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
export function createStripeProvider(p: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  api?: StripeApiTarget;
}): PaymentProvider {
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
        {
          amount: r.amountCents,
          currency: r.currency,
          metadata: r.metadata,
          description: r.description,
          automatic_payment_methods: { enabled: true },
        },
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
    async cancelIntent(id, idempotencyKey) {
      try {
        await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, { idempotencyKey });
        return 'canceled';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if (error.statusCode === 404) return 'missing';
        // Only an intent in a final state refuses to cancel: canceled already, or paid.
        const now = await stripe.paymentIntents.retrieve(id);
        if (now.status === 'canceled') return 'canceled';
        if (now.status === 'succeeded') return 'succeeded';
        throw error;
      }
    },
    async refundIntent(id, idempotencyKey) {
      try {
        await stripe.refunds.create(
          { payment_intent: id, reason: 'requested_by_customer', metadata: { why: 'daily-limit' } },
          { idempotencyKey },
        );
      } catch (error) {
        // Refunded already (by an earlier attempt under another key, or from the dashboard): nothing is left to return.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded')
          return;
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
