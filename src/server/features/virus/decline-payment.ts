import type { PaymentProvider } from './provider';
import * as store from './store';
import type { VirusContext } from './virus-context';

/**
 * A declined payment (Stripe's payment_failed, or the test card form): the purchase stops counting
 * against the limit and its intent is cancelled at the provider, so it can never be paid later
 * (ADR 046). Paid meanwhile: fulfil decides, and refunds it if the day's limit is past.
 */
export async function declinePayment(ctx: VirusContext, paymentIntentId: string, p: PaymentProvider): Promise<void> {
  const { database, log } = ctx.deps;
  const failed = await store.markPaymentFailed(database.db, paymentIntentId);
  if (failed) ctx.tell(failed.userId, failed.id, 'failed', null);
  const purchase = failed ?? (await store.findByIntent(database.db, paymentIntentId));
  if (purchase?.status !== 'failed') return;
  const outcome = await p.cancelIntent(paymentIntentId, `bitbreach-virus-cancel-${purchase.id}`);
  if (outcome === 'succeeded')
    log.info({ purchaseId: purchase.id, paymentIntentId }, 'a declined purchase was paid before it could be cancelled');
}
