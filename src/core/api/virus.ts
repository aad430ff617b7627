import { z } from 'zod';
import { CoreTypeName } from '../items';

/**
 * The Virus contract (spec §7 "Marketplace and payment"). Prices come only from the server's
 * package list (rules/virus.ts packageFor); a client's `amount` is checked, never used.
 */

/** Where the purchase stands: started (intent made), fulfilled (cores awarded), owed (paid, inventory full), failed, refunded, disputed. */
export const PurchaseStatus = z.enum(['started', 'fulfilled', 'owed', 'failed', 'refunded', 'disputed']);
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

/** How this server takes payments: not at all, Stripe, or the labelled test provider (PAYMENTS=test). */
export const PaymentsMode = z.enum(['off', 'stripe', 'test']);
export type PaymentsMode = z.infer<typeof PaymentsMode>;

/** A Stripe PaymentIntent id as the SDK returns it ("pi_…"); anything else cannot name a payment. */
export const PaymentIntentId = z.string().regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'not a payment id');

/** POST /api/create-payment-intent {amount (dollars, optional, must match), trojanCount}. */
export const CreatePaymentIntentBody = z.strictObject({ amount: z.number().optional(), trojanCount: z.number() });
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBody>;
export const CreatePaymentIntentResult = z.object({
  clientSecret: z.string(),
  paymentIntentId: PaymentIntentId,
  purchaseId: z.int(),
  amountCents: z.int(),
  trojanCount: z.int(),
});
export type CreatePaymentIntentResult = z.infer<typeof CreatePaymentIntentResult>;

/** POST /api/complete-trojan-purchase {paymentIntentId} → success and coresAwarded. */
export const CompletePurchaseBody = z.strictObject({ paymentIntentId: PaymentIntentId });
export type CompletePurchaseBody = z.infer<typeof CompletePurchaseBody>;
export const CompletePurchaseResult = z.object({
  success: z.literal(true),
  coresAwarded: z.int().min(0),
  status: PurchaseStatus,
});
export type CompletePurchaseResult = z.infer<typeof CompletePurchaseResult>;

/** POST /api/virus/test-pay (PAYMENTS=test only): the fake card form's "card" is charged. */
export const TestPayBody = z.strictObject({ paymentIntentId: PaymentIntentId, cardNumber: z.string().max(32) });
export type TestPayBody = z.infer<typeof TestPayBody>;
export const TestPayResult = z.object({ status: z.enum(['succeeded', 'failed']), message: z.string() });

/** POST /api/payments/webhook: the payment provider's signed event was read (its raw body is the signed bytes). */
export const WebhookReceipt = z
  .object({ received: z.literal(true) })
  .describe('The signed provider event was accepted.');

/** One row of the purchase history: what a player paid for and what they received. */
export const PurchaseRow = z.object({
  id: z.int(),
  createdAt: z.iso.datetime(),
  trojanCount: z.int(),
  amountCents: z.int(),
  currency: z.string(),
  status: PurchaseStatus,
  coresAwarded: z.int().min(0),
  coresRevoked: z.int().min(0),
  cores: z.array(CoreTypeName),
});
export type PurchaseRow = z.infer<typeof PurchaseRow>;

/** GET /api/virus/shop: how payments work here, the player's limit, and their history. Never a secret key. */
export const VirusShop = z.object({
  mode: PaymentsMode,
  publishableKey: z.string().nullable(),
  dailyLimitCents: z.int(),
  spentTodayCents: z.int(),
  cooldownSeconds: z.int(),
  /** Seconds until this player may start another purchase (0: now), so the buy buttons can say so first. */
  cooldownLeftSeconds: z.int().min(0),
  purchases: z.array(PurchaseRow),
});
export type VirusShop = z.infer<typeof VirusShop>;

export const virusPaths = {
  shop: '/api/virus/shop',
  createIntent: '/api/create-payment-intent',
  complete: '/api/complete-trojan-purchase',
  testPay: '/api/virus/test-pay',
  webhook: '/api/payments/webhook',
} as const;
