import type { FastifyBaseLogger } from 'fastify';
import type { CompletePurchaseResult, PurchaseRow } from '../../../core/api/virus';
import { balance } from '../../../core/balance';
import { packageFor, rollTrojans, utcDayStart } from '../../../core/rules/virus';
import { texts } from '../../../core/texts';
import type { Database, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { runTransaction, type AfterCommit } from '../../idempotency';
import { addItems } from '../../inventory';
import type { IntentView, PaymentProvider } from './provider';
import * as store from './store';

const t = texts.virus;
const dayMs = 86_400_000;

/** What fulfilling a payment did: awarded now, or found already done (the other path got there first). */
export type Fulfilment = CompletePurchaseResult & { awardedNow: boolean };

export interface FulfilDeps {
  database: Database;
  now: () => number;
  random: () => number;
  dailyLimitCents: number;
  log: FastifyBaseLogger;
  tell(userId: number, purchaseId: number, status: PurchaseRow['status'], inventory: 'virus-purchase' | null): void;
}

const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message);
};

/** The provider's intent is this purchase's payment: its player, its price in its currency. */
function paysFor(row: store.PurchaseRecord | undefined, intent: IntentView): row is store.PurchaseRecord {
  const pkg = row && packageFor(row.trojanCount);
  return Boolean(
    row &&
    pkg &&
    String(row.userId) === intent.metadata.userId &&
    (row.paymentIntentId === null || row.paymentIntentId === intent.id) &&
    intent.amount === pkg.priceCents &&
    intent.amount === row.amountCents &&
    intent.currency === row.currency &&
    row.currency === balance.virusCurrency,
  );
}

/**
 * The one function that fulfils a succeeded payment, from the completion call or the webhook (ADR 033):
 * checks status, amount, currency and player against the provider's intent, then, under the player's
 * lock and the purchase row's, awards the cores once. A payment that would take the day's paid total
 * past the limit (a declined purchase paid after all, ADR 046) is refunded through the provider instead.
 */
export function createFulfil(deps: FulfilDeps, provider: () => PaymentProvider) {
  const { database, now } = deps;

  async function award(
    tx: Tx,
    row: store.PurchaseRecord,
    paymentIntentId: string,
    afterCommit: AfterCommit,
  ): Promise<Fulfilment> {
    const rolled = rollTrojans(deps.random, row.trojanCount);
    const added = await addItems(tx, { userId: row.userId, cores: rolled, onFull: 'refuse' });
    const at = new Date(now());
    if (added.kind === 'full') {
      // Paid but no room: recorded as owed and delivered by the next completion once there is space.
      if (!(await store.markAwarded(tx, row.id, { status: 'owed', cores: [], paymentIntentId, at })))
        throw new Error(`purchase ${row.id}: awarded twice`);
      afterCommit(() => deps.tell(row.userId, row.id, 'owed', null));
      return { success: true, coresAwarded: 0, status: 'owed', awardedNow: false };
    }
    const cores = added.cores.map((c, i) => ({ id: c.id, type: rolled[i]!.coreTypeName }));
    if (!(await store.markAwarded(tx, row.id, { status: 'fulfilled', cores, paymentIntentId, at })))
      throw new Error(`purchase ${row.id}: awarded twice`);
    afterCommit(() => deps.tell(row.userId, row.id, 'fulfilled', 'virus-purchase'));
    return { success: true, coresAwarded: cores.length, status: 'fulfilled', awardedNow: true };
  }

  /** True when this payment would take the day's paid total past the limit (the day its purchase started). */
  async function pastLimit(tx: Tx, row: store.PurchaseRecord): Promise<boolean> {
    const from = new Date(utcDayStart(row.createdAt.getTime()));
    const paid = await store.paidBetween(tx, {
      userId: row.userId,
      from,
      to: new Date(from.getTime() + dayMs),
      exceptId: row.id,
    });
    return paid + row.amountCents > deps.dailyLimitCents;
  }

  return async function fulfil(intent: IntentView): Promise<Fulfilment> {
    const purchaseId = Number(intent.metadata.purchaseId);
    if (!Number.isSafeInteger(purchaseId) || purchaseId < 1) return refuse(404, t.paymentNotFound);
    if (intent.status !== 'succeeded') return refuse(409, t.paymentNotCompleted);
    const unlocked = await store.findById(database.db, purchaseId);
    // Our own limit refund is asked of the provider only once the refusal is committed (same key: one refund).
    const refundOverLimit = () => provider().refundIntent(intent.id, `bitbreach-virus-limit-refund-${purchaseId}`);
    return runTransaction(database, async (tx, afterCommit): Promise<Fulfilment> => {
      // The player first, then the purchase row (the project's one lock order); the award locks the player again for free.
      if (unlocked) await lockPlayers(tx, [unlocked.userId]);
      const row = unlocked && (await store.lockPurchase(tx, { id: purchaseId }));
      if (!paysFor(row, intent)) {
        deps.log.warn(
          { purchaseId, paymentIntentId: intent.id },
          'a payment does not match its purchase; nothing awarded',
        );
        return refuse(409, t.paymentMismatch);
      }
      if (row.status === 'fulfilled' || row.status === 'refunded' || row.status === 'disputed') {
        // Our own limit refund is asked for again (same key: one refund) in case the first ask failed.
        if (row.refusedOverLimitAt !== null) afterCommit(refundOverLimit);
        return { success: true, coresAwarded: row.cores.length, status: row.status, awardedNow: false };
      }
      if (row.status !== 'owed' && (await pastLimit(tx, row))) {
        if (!(await store.markRefusedOverLimit(tx, row.id, { paymentIntentId: intent.id, at: new Date(now()) })))
          throw new Error(`purchase ${row.id}: refused twice`);
        deps.log.warn(
          { purchaseId, paymentIntentId: intent.id },
          'a payment past the daily limit is refunded, not awarded',
        );
        afterCommit(() => deps.tell(row.userId, row.id, 'refunded', null));
        afterCommit(refundOverLimit);
        return { success: true, coresAwarded: 0, status: 'refunded', awardedNow: false };
      }
      return award(tx, row, intent.id, afterCommit);
    });
  };
}
