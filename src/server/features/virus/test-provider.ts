import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/connect';
import type { IntentView, PaymentProvider } from './provider';
import * as store from './store';

/** The test provider's fake cards: this one pays, this one is declined (Stripe's own test numbers). */
export const testCards = { pays: '4242424242424242', declined: '4000000000000002' } as const;

const view = (r: store.TestIntentRecord): IntentView => ({
  id: r.id,
  status: r.status,
  amount: r.amount,
  currency: r.currency,
  clientSecret: r.clientSecret,
  metadata: { ...r.metadata },
});

/**
 * PAYMENTS=test (never in production): intents live in the database (ADR 046), so a purchase started
 * on one worker or instance is paid on another, and the screen's fake card form "pays" them. Like
 * Stripe, a declined card leaves the intent unpaid, and a cancelled intent can never be paid. No
 * webhooks: the client's completion is the only way in.
 */
export function createTestProvider(
  database: Database,
): PaymentProvider & { pay(id: string, cardNumber: string): Promise<'succeeded' | 'declined' | 'canceled' | null> } {
  const db = database.db;
  return {
    mode: 'test',
    publishableKey: null,
    async createIntent(r) {
      const id = `pi_test${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(8).toString('hex')}`;
      return view(
        await store.createTestIntent(db, {
          id,
          idempotencyKey: r.idempotencyKey,
          status: 'requires_payment_method',
          amount: r.amountCents,
          currency: r.currency,
          clientSecret,
          metadata: { ...r.metadata },
        }),
      );
    },
    async retrieveIntent(id) {
      const row = await store.findTestIntent(db, id);
      return row ? view(row) : null;
    },
    async cancelIntent(id) {
      if (await store.settleTestIntent(db, id, 'canceled')) return 'canceled';
      const row = await store.findTestIntent(db, id);
      return row ? (row.status === 'succeeded' ? 'succeeded' : 'canceled') : 'missing';
    },
    async refundIntent(id) {
      await store.refundTestIntent(db, id);
    },
    verifyWebhook() {
      return null;
    },
    async pay(id, cardNumber) {
      const row = await store.findTestIntent(db, id);
      if (!row) return null;
      if (row.status !== 'requires_payment_method') return row.status;
      if (cardNumber.replace(/\s/g, '') !== testCards.pays) return 'declined';
      if (await store.settleTestIntent(db, id, 'succeeded')) return 'succeeded';
      // Cancelled or paid by another request meanwhile: answer what it is now.
      return (await store.findTestIntent(db, id))!.status as 'succeeded' | 'canceled';
    },
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
