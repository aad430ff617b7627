import type { CreatePaymentIntentBody, CreatePaymentIntentResult } from '../../../core/api/virus';
import { balance } from '../../../core/balance';
import { canSpend, formatUsd, packageFor, utcDayStart } from '../../../core/rules/virus';
import { texts } from '../../../core/texts';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { countItems } from '../../inventory';
import { scheduleJob } from '../../jobs';
import type { IntentView, PaymentProvider } from './provider';
import * as store from './store';
import { refuse, type VirusContext } from './virus-context';

const t = texts.virus;

/** POST /api/create-payment-intent: the price from the package, a purchase row under the player's lock, then one intent. */
export async function startPurchase(
  ctx: VirusContext,
  userId: number,
  key: string,
  body: CreatePaymentIntentBody,
): Promise<CreatePaymentIntentResult> {
  const { database, now } = ctx.deps;
  const p = ctx.requireProvider();
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
        await scheduleAbandon(ctx, tx, earlier.id);
      }
      return earlier;
    }
    const free = balance.inventoryCapacity - (await countItems(tx, [userId])).get(userId)!;
    if (free < pkg.trojanCount) return refuse(409, t.inventoryNoRoom(pkg.trojanCount));
    const spent = await store.spendSince(tx, userId, new Date(utcDayStart(now())));
    const decision = canSpend({
      priceCents: pkg.priceCents,
      spentTodayCents: spent.spentCents,
      dailyLimitCents: ctx.deps.dailyLimitCents,
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
    await scheduleAbandon(ctx, tx, started.id);
    return started;
  });
  const intent =
    purchase.paymentIntentId && purchase.clientSecret
      ? { id: purchase.paymentIntentId, clientSecret: purchase.clientSecret }
      : await createIntentFor(ctx, purchase, p);
  return {
    clientSecret: intent.clientSecret ?? '',
    paymentIntentId: intent.id,
    purchaseId: purchase.id,
    amountCents: purchase.amountCents,
    trojanCount: purchase.trojanCount,
  };
}

function scheduleAbandon(ctx: VirusContext, tx: Tx, purchaseId: number) {
  return scheduleJob(tx, {
    kind: 'virus.purchaseAbandoned',
    payload: { purchaseId },
    runAt: ctx.deps.now() + balance.virusAbandonAfterMinutes * 60_000,
  });
}

/** Asks the provider for the purchase's intent; its idempotency key is the purchase, so a retried click makes one intent. */
async function createIntentFor(
  ctx: VirusContext,
  purchase: store.PurchaseRecord,
  p: PaymentProvider,
): Promise<IntentView> {
  const { database } = ctx.deps;
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
    ctx.deps.log.warn(
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
