import type { CompletePurchaseResult, TestPayBody } from '../../../core/api/virus';
import { texts } from '../../../core/texts';
import { declinePayment } from './decline-payment';
import type { TestProvider } from './test-provider';
import { refuse, type VirusContext } from './virus-context';

const t = texts.virus;

/** POST /api/complete-trojan-purchase: only the buyer's own succeeded intent; a second call answers the first award. */
export async function completePurchase(
  ctx: VirusContext,
  userId: number,
  paymentIntentId: string,
): Promise<CompletePurchaseResult> {
  const p = ctx.requireProvider();
  const intent = await p.retrieveIntent(paymentIntentId);
  // Another player's intent reads exactly like one that does not exist.
  if (!intent || intent.metadata.userId !== String(userId)) return refuse(404, t.paymentNotFound);
  const { awardedNow: _, ...result } = await ctx.fulfil(intent);
  return result;
}

/** PAYMENTS=test only: the fake card form charges the buyer's own intent; a declined card ends the purchase (ADR 046). */
export async function testPay(
  ctx: VirusContext,
  userId: number,
  body: TestPayBody,
): Promise<{ status: 'succeeded' | 'failed'; message: string }> {
  const { provider } = ctx.deps;
  if (provider?.mode !== 'test') return refuse(404, t.testPayOff);
  const test = provider as TestProvider;
  // Another player's intent reads exactly like one that does not exist.
  const intent = await test.retrieveIntent(body.paymentIntentId);
  if (!intent || intent.metadata.userId !== String(userId)) return refuse(404, t.paymentNotFound);
  const paid = await test.pay(body.paymentIntentId, body.cardNumber);
  if (paid === null) return refuse(404, t.paymentNotFound);
  if (paid === 'canceled') return refuse(409, t.paymentCancelled);
  if (paid === 'declined') await declinePayment(ctx, body.paymentIntentId, test);
  return paid === 'succeeded'
    ? { status: 'succeeded', message: t.testCardPaid }
    : { status: 'failed', message: t.testCardDeclined };
}
