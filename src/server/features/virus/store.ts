import { and, desc, eq, gte, inArray, lt, max, ne, sql, sum } from 'drizzle-orm';
import type { PurchaseStatus } from '../../../core/api/virus';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { virusPurchases, virusTestIntents } from '../../db/schema';

export type PurchaseRecord = typeof virusPurchases.$inferSelect;
export type AwardedCore = { id: number; type: string };

/** The purchase a click (its Idempotency-Key) started, if any. */
export async function findByClick(tx: Executor, userId: number, key: string): Promise<PurchaseRecord | undefined> {
  const [row] = await tx
    .select()
    .from(virusPurchases)
    .where(and(eq(virusPurchases.userId, userId), eq(virusPurchases.idempotencyKey, key)));
  return row;
}

/** Cents started today (every purchase but failed ones) and when the last one started. */
export async function spendSince(
  tx: Executor,
  userId: number,
  dayStart: Date,
): Promise<{ spentCents: number; lastStartedAt: Date | null }> {
  const [spent] = await tx
    .select({ cents: sum(virusPurchases.amountCents) })
    .from(virusPurchases)
    .where(
      and(
        eq(virusPurchases.userId, userId),
        gte(virusPurchases.createdAt, dayStart),
        ne(virusPurchases.status, 'failed'),
      ),
    );
  const [last] = await tx
    .select({ at: max(virusPurchases.createdAt) })
    .from(virusPurchases)
    .where(and(eq(virusPurchases.userId, userId), ne(virusPurchases.status, 'failed')));
  return { spentCents: Number(spent?.cents ?? 0), lastStartedAt: last?.at ?? null };
}

export async function insertStarted(
  tx: Tx,
  row: {
    userId: number;
    idempotencyKey: string;
    trojanCount: number;
    amountCents: number;
    currency: string;
    createdAt: Date;
  },
): Promise<PurchaseRecord> {
  const [inserted] = await tx.insert(virusPurchases).values(row).returning();
  return inserted!;
}

/** A click retried after its provider call failed starts again (same row, same provider key). */
export async function restart(tx: Tx, id: number, at: Date): Promise<void> {
  await tx
    .update(virusPurchases)
    .set({ status: 'started', createdAt: at })
    .where(and(eq(virusPurchases.id, id), eq(virusPurchases.status, 'failed')));
}

export async function setIntent(
  tx: Executor,
  id: number,
  paymentIntentId: string,
  clientSecret: string | null,
): Promise<void> {
  await tx.update(virusPurchases).set({ paymentIntentId, clientSecret }).where(eq(virusPurchases.id, id));
}

/** The provider call failed before any intent existed: the purchase no longer counts against the limit. */
export async function markSetupFailed(tx: Executor, id: number): Promise<void> {
  await tx
    .update(virusPurchases)
    .set({ status: 'failed' })
    .where(
      and(
        eq(virusPurchases.id, id),
        eq(virusPurchases.status, 'started'),
        sql`${virusPurchases.paymentIntentId} IS NULL`,
      ),
    );
}

/** A purchase read without a lock (to learn whose player row to lock first). */
export async function findById(tx: Executor, id: number): Promise<PurchaseRecord | undefined> {
  const [row] = await tx.select().from(virusPurchases).where(eq(virusPurchases.id, id));
  return row;
}

/** Cents a player has actually paid for purchases started in [from, to), other than one purchase: the daily limit's re-check at fulfilment. */
export async function paidBetween(
  tx: Executor,
  r: { userId: number; from: Date; to: Date; exceptId: number },
): Promise<number> {
  const [paid] = await tx
    .select({ cents: sum(virusPurchases.amountCents) })
    .from(virusPurchases)
    .where(
      and(
        eq(virusPurchases.userId, r.userId),
        gte(virusPurchases.createdAt, r.from),
        lt(virusPurchases.createdAt, r.to),
        inArray(virusPurchases.status, ['fulfilled', 'owed']),
        ne(virusPurchases.id, r.exceptId),
      ),
    );
  return Number(paid?.cents ?? 0);
}

/** A payment past the day's limit: recorded as refunded by the server, from a status that has not awarded. */
export async function markRefusedOverLimit(
  tx: Tx,
  id: number,
  r: { paymentIntentId: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(virusPurchases)
    .set({ status: 'refunded', paymentIntentId: r.paymentIntentId, reversedAt: r.at, refusedOverLimitAt: r.at })
    .where(and(eq(virusPurchases.id, id), inArray(virusPurchases.status, ['started', 'failed'])))
    .returning({ id: virusPurchases.id });
  return rows.length === 1;
}

/** Locks a purchase row: of the completion, the webhook and a refund racing for it, the first to lock decides. */
export async function lockPurchase(
  tx: Tx,
  by: { id: number } | { paymentIntentId: string },
): Promise<PurchaseRecord | undefined> {
  const where = 'id' in by ? eq(virusPurchases.id, by.id) : eq(virusPurchases.paymentIntentId, by.paymentIntentId);
  const [row] = await tx.select().from(virusPurchases).where(where).for('update');
  noteFeatureRowLocked(tx);
  return row;
}

/**
 * Records the award, only from a status that has not awarded yet: the conditional update is what
 * lets one of many concurrent completions through (0 rows = someone else already did).
 */
export async function markAwarded(
  tx: Tx,
  id: number,
  r: { status: 'fulfilled' | 'owed'; cores: AwardedCore[]; paymentIntentId: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(virusPurchases)
    .set({
      status: r.status,
      cores: r.cores,
      paymentIntentId: r.paymentIntentId,
      fulfilledAt: r.status === 'fulfilled' ? r.at : null,
    })
    .where(and(eq(virusPurchases.id, id), inArray(virusPurchases.status, ['started', 'owed', 'failed'])))
    .returning({ id: virusPurchases.id });
  return rows.length === 1;
}

/** An unpaid purchase left too long: it stops counting against the limit (ADR 046). */
export async function markAbandoned(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(virusPurchases)
    .set({ status: 'failed' })
    .where(and(eq(virusPurchases.id, id), eq(virusPurchases.status, 'started')))
    .returning({ id: virusPurchases.id });
  return rows.length === 1;
}

/** A declined payment: the purchase stops counting against the limit (it may still succeed later with another card). */
export async function markPaymentFailed(tx: Executor, paymentIntentId: string): Promise<PurchaseRecord | undefined> {
  const [row] = await tx
    .update(virusPurchases)
    .set({ status: 'failed' })
    .where(and(eq(virusPurchases.paymentIntentId, paymentIntentId), eq(virusPurchases.status, 'started')))
    .returning();
  return row;
}

/** The purchase a payment belongs to, read without a lock (to learn whose player row to lock first). */
export async function findByIntent(tx: Executor, paymentIntentId: string): Promise<PurchaseRecord | undefined> {
  const [row] = await tx.select().from(virusPurchases).where(eq(virusPurchases.paymentIntentId, paymentIntentId));
  return row;
}

export async function markReversed(
  tx: Tx,
  id: number,
  r: {
    status: Extract<PurchaseStatus, 'refunded' | 'disputed'>;
    coresRevoked: number;
    telnetTakenBack: number;
    telnetOwed: number;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(virusPurchases)
    .set({
      status: r.status,
      coresRevoked: r.coresRevoked,
      telnetTakenBack: r.telnetTakenBack,
      telnetOwed: r.telnetOwed,
      reversedAt: r.at,
    })
    .where(eq(virusPurchases.id, id));
}

/** A player's purchases, newest first (the history on the Virus screen). */
export async function history(tx: Executor, userId: number, limit: number): Promise<PurchaseRecord[]> {
  return tx
    .select()
    .from(virusPurchases)
    .where(eq(virusPurchases.userId, userId))
    .orderBy(desc(virusPurchases.createdAt), desc(virusPurchases.id))
    .limit(limit);
}

export type TestIntentRecord = typeof virusTestIntents.$inferSelect;

/** PAYMENTS=test: the intent for a provider key, made once whichever worker asks (ADR 046). */
export async function createTestIntent(
  tx: Executor,
  intent: Omit<typeof virusTestIntents.$inferInsert, 'refunded' | 'createdAt'>,
): Promise<TestIntentRecord> {
  await tx.insert(virusTestIntents).values(intent).onConflictDoNothing({ target: virusTestIntents.idempotencyKey });
  const [row] = await tx
    .select()
    .from(virusTestIntents)
    .where(eq(virusTestIntents.idempotencyKey, intent.idempotencyKey));
  return row!;
}

export async function findTestIntent(tx: Executor, id: string): Promise<TestIntentRecord | undefined> {
  const [row] = await tx.select().from(virusTestIntents).where(eq(virusTestIntents.id, id));
  return row;
}

/** Moves an unpaid test intent to a final status; false when it was not unpaid any more. */
export async function settleTestIntent(tx: Executor, id: string, status: 'succeeded' | 'canceled'): Promise<boolean> {
  const rows = await tx
    .update(virusTestIntents)
    .set({ status })
    .where(and(eq(virusTestIntents.id, id), eq(virusTestIntents.status, 'requires_payment_method')))
    .returning({ id: virusTestIntents.id });
  return rows.length === 1;
}

export async function refundTestIntent(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .update(virusTestIntents)
    .set({ refunded: true })
    .where(and(eq(virusTestIntents.id, id), eq(virusTestIntents.status, 'succeeded')))
    .returning({ id: virusTestIntents.id });
  return rows.length === 1;
}
