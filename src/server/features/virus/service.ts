import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../../../core/api/common';
import type {
  CompletePurchaseResult,
  CreatePaymentIntentBody,
  CreatePaymentIntentResult,
  PurchaseRow,
  TestPayBody,
  VirusShop,
} from '../../../core/api/virus';
import { balance } from '../../../core/balance';
import { canSpend, cooldownLeftSeconds, formatUsd, packageFor, utcDayStart } from '../../../core/rules/virus';
import { texts } from '../../../core/texts';
import type { Database, Tx } from '../../db/connect';
import { scheduleJob, type Job } from '../../jobs';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { countItems } from '../../inventory';
import type { Bus } from '../../realtime/bus';
import { createFulfil } from './fulfil';
import type { IntentView, PaymentEvent, PaymentProvider } from './provider';
import type { TestProvider } from './test-provider';
import { createReversal, type ListingsOfItems } from './reverse';
import * as store from './store';

const t = texts.virus;

export interface VirusServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  random: () => number;
  /** null: payments are not configured; the screen says so and nothing can be bought. */
  provider: PaymentProvider | null;
  dailyLimitCents: number;
  log: FastifyBaseLogger;
  /** The Data Exchange's side of a reversal (ADR 046). */
  listings: ListingsOfItems;
  userView(userId: number): Promise<User>;
}

const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message);
};

function toRow(r: store.PurchaseRecord): PurchaseRow {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    trojanCount: r.trojanCount,
    amountCents: r.amountCents,
    currency: r.currency,
    status: r.status,
    coresAwarded: r.cores.length,
    coresRevoked: r.coresRevoked,
    cores: r.cores.map((c) => c.type as PurchaseRow['cores'][number]),
  };
}

/** The Virus shop (ADR 033): server-set prices, a purchase row before the provider call, fulfilment once. */
export function createVirusService(deps: VirusServiceDeps) {
  const { database, bus, now, provider } = deps;
  const tell = (
    userId: number,
    purchaseId: number,
    status: PurchaseRow['status'],
    inventory: 'virus-purchase' | 'virus-reversal' | null,
  ) => {
    bus.publish({
      audience: { kind: 'users', userIds: [userId] },
      event: { t: 'virus.purchaseUpdated', d: { purchaseId, status } },
    });
    if (inventory)
      bus.publish({
        audience: { kind: 'users', userIds: [userId] },
        event: { t: 'inventory.changed', d: { reason: inventory } },
      });
  };
  const requireProvider = (): PaymentProvider => provider ?? refuse(503, t.paymentsOff);
  const reverse = createReversal(deps);
  const scheduleAbandon = (tx: Tx, purchaseId: number) =>
    scheduleJob(tx, {
      kind: 'virus.purchaseAbandoned',
      payload: { purchaseId },
      runAt: now() + balance.virusAbandonAfterMinutes * 60_000,
    });
  const fulfil = createFulfil({ ...deps, tell }, requireProvider);

  /** Asks the provider for the purchase's intent; its idempotency key is the purchase, so a retried click makes one intent. */
  async function createIntentFor(purchase: store.PurchaseRecord, p: PaymentProvider): Promise<IntentView> {
    try {
      const intent = await p.createIntent({
        amountCents: purchase.amountCents,
        currency: purchase.currency,
        idempotencyKey: `bitbreach-virus-purchase-${purchase.id}`,
        description: `Bitbreach: ${purchase.trojanCount} Trojan${purchase.trojanCount === 1 ? '' : 's'}`,
        metadata: {
          purchaseId: String(purchase.id),
          userId: String(purchase.userId),
          trojanCount: String(purchase.trojanCount),
          package: packageFor(purchase.trojanCount)?.id ?? '',
        },
      });
      await store.setIntent(database.db, purchase.id, intent.id, intent.clientSecret);
      return intent;
    } catch (error) {
      // The provider's message may name the request; never the key (the SDK does not put it in errors).
      deps.log.warn(
        {
          purchaseId: purchase.id,
          err: { type: (error as { type?: string }).type, message: (error as Error).message },
        },
        'payment intent creation failed',
      );
      await store.markSetupFailed(database.db, purchase.id);
      return refuse(502, t.providerUnavailable);
    }
  }

  /**
   * A declined payment (Stripe's payment_failed, or the test card form): the purchase stops counting
   * against the limit and its intent is cancelled at the provider, so it can never be paid later
   * (ADR 046). Paid meanwhile: fulfil decides, and refunds it if the day's limit is past.
   */
  async function declined(paymentIntentId: string, p: PaymentProvider): Promise<void> {
    const failed = await store.markPaymentFailed(database.db, paymentIntentId);
    if (failed) tell(failed.userId, failed.id, 'failed', null);
    const purchase = failed ?? (await store.findByIntent(database.db, paymentIntentId));
    if (purchase?.status !== 'failed') return;
    const outcome = await p.cancelIntent(paymentIntentId, `bitbreach-virus-cancel-${purchase.id}`);
    if (outcome === 'succeeded')
      deps.log.info(
        { purchaseId: purchase.id, paymentIntentId },
        'a declined purchase was paid before it could be cancelled',
      );
  }

  return {
    fulfil,
    mode: provider?.mode ?? 'off',

    /**
     * The jobs runner's 'virus.purchaseAbandoned': a purchase still unpaid this long stops counting, and
     * after commit its intent is cancelled at the provider so it can never be paid later (ADR 046).
     */
    async abandon(tx: Tx, job: Job<'virus.purchaseAbandoned', { purchaseId: number }>): Promise<void | (() => void)> {
      const unlocked = await store.findById(tx, job.payload.purchaseId);
      if (!unlocked || unlocked.status !== 'started') return;
      // A click retried after a provider error restarted it later: its own job comes then.
      if (unlocked.createdAt.getTime() + balance.virusAbandonAfterMinutes * 60_000 > job.claimedAt.getTime()) return;
      await lockPlayers(tx, [unlocked.userId]);
      const row = await store.lockPurchase(tx, { id: unlocked.id });
      if (row?.status !== 'started' || !(await store.markAbandoned(tx, row.id))) return;
      return () => {
        tell(row.userId, row.id, 'failed', null);
        if (row.paymentIntentId && provider) {
          void provider
            .cancelIntent(row.paymentIntentId, `bitbreach-virus-cancel-${row.id}`)
            .catch((error: unknown) =>
              deps.log.warn(
                { purchaseId: row.id, message: (error as Error).message },
                'an abandoned purchase could not be cancelled at the provider; a late payment is refunded past the limit',
              ),
            );
        }
      };
    },

    async shop(userId: number): Promise<VirusShop> {
      const spent = await store.spendSince(database.db, userId, new Date(utcDayStart(now())));
      return {
        mode: provider?.mode ?? 'off',
        publishableKey: provider?.publishableKey ?? null,
        dailyLimitCents: deps.dailyLimitCents,
        spentTodayCents: spent.spentCents,
        cooldownSeconds: balance.virusCooldownSeconds,
        cooldownLeftSeconds: cooldownLeftSeconds(
          spent.lastStartedAt?.getTime() ?? null,
          now(),
          balance.virusCooldownSeconds,
        ),
        purchases: (await store.history(database.db, userId, balance.virusHistoryLimit)).map(toRow),
      };
    },

    /** POST /api/create-payment-intent: the price from the package, a purchase row under the player's lock, then one intent. */
    async start(userId: number, key: string, body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResult> {
      const p = requireProvider();
      const pkg = packageFor(body.trojanCount) ?? refuse(400, t.unknownPackage);
      // The client's amount (dollars, spec §7) is never used: it must name the package's own price, or nothing happens.
      if (body.amount !== undefined && Math.abs(body.amount * 100 - pkg.priceCents) > 1e-6)
        return refuse(400, t.amountMismatch);
      const purchase = await database.db.transaction(async (tx) => {
        await lockPlayers(tx, [userId]);
        const earlier = await store.findByClick(tx, userId, key);
        if (earlier) {
          if (earlier.trojanCount !== pkg.trojanCount) return refuse(422, texts.idempotencyKeyReused);
          if (earlier.status === 'failed' && earlier.paymentIntentId === null) {
            await store.restart(tx, earlier.id, new Date(now()));
            await scheduleAbandon(tx, earlier.id);
          }
          return earlier;
        }
        const free = balance.inventoryCapacity - (await countItems(tx, [userId])).get(userId)!;
        if (free < pkg.trojanCount) return refuse(409, t.inventoryNoRoom(pkg.trojanCount));
        const spent = await store.spendSince(tx, userId, new Date(utcDayStart(now())));
        const decision = canSpend({
          priceCents: pkg.priceCents,
          spentTodayCents: spent.spentCents,
          dailyLimitCents: deps.dailyLimitCents,
          lastStartedAtMs: spent.lastStartedAt?.getTime() ?? null,
          nowMs: now(),
          cooldownSeconds: balance.virusCooldownSeconds,
        });
        if (!decision.ok && decision.reason === 'cooldown') return refuse(429, t.cooldown(decision.waitSeconds));
        if (!decision.ok && decision.reason === 'daily-limit')
          return refuse(409, t.dailyLimit(formatUsd(decision.remainingCents)));
        const started = await store.insertStarted(tx, {
          userId,
          idempotencyKey: key,
          trojanCount: pkg.trojanCount,
          amountCents: pkg.priceCents,
          currency: balance.virusCurrency,
          createdAt: new Date(now()),
        });
        await scheduleAbandon(tx, started.id);
        return started;
      });
      const intent =
        purchase.paymentIntentId && purchase.clientSecret
          ? { id: purchase.paymentIntentId, clientSecret: purchase.clientSecret }
          : await createIntentFor(purchase, p);
      return {
        clientSecret: intent.clientSecret ?? '',
        paymentIntentId: intent.id,
        purchaseId: purchase.id,
        amountCents: purchase.amountCents,
        trojanCount: purchase.trojanCount,
      };
    },

    /** POST /api/complete-trojan-purchase: only the buyer's own succeeded intent; a second call answers the first award. */
    async complete(userId: number, paymentIntentId: string): Promise<CompletePurchaseResult> {
      const p = requireProvider();
      const intent = await p.retrieveIntent(paymentIntentId);
      // Another player's intent reads exactly like one that does not exist.
      if (!intent || intent.metadata.userId !== String(userId)) return refuse(404, t.paymentNotFound);
      const { awardedNow: _, ...result } = await fulfil(intent);
      return result;
    },

    /** PAYMENTS=test only: the fake card form charges the buyer's own intent; a declined card ends the purchase (ADR 046). */
    async testPay(userId: number, body: TestPayBody): Promise<{ status: 'succeeded' | 'failed'; message: string }> {
      if (provider?.mode !== 'test') return refuse(404, t.testPayOff);
      const test = provider as TestProvider;
      // Another player's intent reads exactly like one that does not exist.
      const intent = await test.retrieveIntent(body.paymentIntentId);
      if (!intent || intent.metadata.userId !== String(userId)) return refuse(404, t.paymentNotFound);
      const paid = await test.pay(body.paymentIntentId, body.cardNumber);
      if (paid === null) return refuse(404, t.paymentNotFound);
      if (paid === 'canceled') return refuse(409, t.paymentCancelled);
      if (paid === 'declined') await declined(body.paymentIntentId, test);
      return paid === 'succeeded'
        ? { status: 'succeeded', message: t.testCardPaid }
        : { status: 'failed', message: t.testCardDeclined };
    },

    /** POST /api/payments/webhook: a verified event, acted on once; anything else is refused before it is read. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
      const p = requireProvider();
      const event: PaymentEvent | null = p.verifyWebhook(rawBody, signature);
      if (!event) return refuse(400, t.webhookBadSignature);
      switch (event.type) {
        case 'payment_intent.succeeded': {
          // The event is a hint: the intent is read back from the provider before anything is awarded.
          const intent = await p.retrieveIntent(event.paymentIntentId);
          if (intent)
            await fulfil(intent).catch((error: unknown) => {
              if (!(error instanceof HttpError)) throw error;
              deps.log.warn(
                { paymentIntentId: event.paymentIntentId, message: error.message },
                'webhook: payment not fulfilled',
              );
            });
          break;
        }
        case 'payment_intent.payment_failed':
          await declined(event.paymentIntentId, p);
          break;
        case 'charge.refunded':
          if (event.paymentIntentId) await reverse(event.paymentIntentId, 'refunded');
          break;
        case 'charge.dispute.created':
          if (event.paymentIntentId) await reverse(event.paymentIntentId, 'disputed');
          break;
        case 'ignored':
          break;
      }
      return { received: true };
    },
  };
}

export type VirusService = ReturnType<typeof createVirusService>;
