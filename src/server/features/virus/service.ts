import type { CreatePaymentIntentBody, TestPayBody } from '../../../core/api/virus';
import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import type { Job } from '../../jobs';
import { abandonPurchase } from './abandon-purchase';
import { completePurchase, testPay } from './complete-purchase';
import { shopView } from './shop-view';
import { startPurchase } from './start-purchase';
import { createVirusContext, type VirusServiceDeps } from './virus-context';
import { handleWebhook } from './webhook';

export type { VirusServiceDeps };

/**
 * The Virus shop (ADR 033): server-set prices, a purchase row before the provider call, fulfilment once.
 * Each action is a module of its own over one shared context (ADR 080); this only binds them.
 */
export function createVirusService(deps: VirusServiceDeps) {
  const ctx = createVirusContext(deps);
  return {
    fulfil: ctx.fulfil,
    mode: deps.provider?.mode ?? 'off',
    /** The jobs runner's 'virus.purchaseAbandoned' (ADR 046). */
    abandon: (tx: Tx, job: Job<'virus.purchaseAbandoned', { purchaseId: number }>, afterCommit: AfterCommit) =>
      abandonPurchase(ctx, tx, job, afterCommit),
    shop: (userId: number) => shopView(ctx, userId),
    /** POST /api/create-payment-intent. */
    start: (userId: number, key: string, body: CreatePaymentIntentBody) => startPurchase(ctx, userId, key, body),
    /** POST /api/complete-trojan-purchase. */
    complete: (userId: number, paymentIntentId: string) => completePurchase(ctx, userId, paymentIntentId),
    /** PAYMENTS=test only: the fake card form (ADR 046). */
    testPay: (userId: number, body: TestPayBody) => testPay(ctx, userId, body),
    /** POST /api/payments/webhook. */
    webhook: (rawBody: Buffer, signature: string | undefined) => handleWebhook(ctx, rawBody, signature),
  };
}

export type VirusService = ReturnType<typeof createVirusService>;
