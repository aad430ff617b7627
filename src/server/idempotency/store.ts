import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/connect';
import { fixedRows } from '../db/fixed-sql';
import { queueWithCommit } from '../db/pipelined-transaction';
import { idempotencyKeys } from '../db/schema';

export interface StoredKey {
  scope: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

// Fixed text (fixed-sql.ts): every idempotent request sends it first.
const claimKeyText =
  'INSERT INTO idempotency_keys (user_id, key, scope, request_hash, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz) ' +
  'ON CONFLICT DO NOTHING RETURNING key';

/**
 * Inserts the key or, when it exists, does nothing. On PostgreSQL a concurrent insert of the same
 * key waits here on the first transaction's row lock until it commits (then this one sees the
 * conflict) or rolls back (then this one inserts). True when this transaction now owns the key.
 */
export async function claimKey(
  tx: Tx,
  row: { userId: number; key: string; scope: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await fixedRows<{ key: string }>(tx, claimKeyText, [
    row.userId,
    row.key,
    row.scope,
    row.requestHash,
    row.createdAt.toISOString(),
  ]);
  return inserted.length === 1;
}

export async function readKey(tx: Executor, userId: number, key: string): Promise<StoredKey | null> {
  const [row] = await tx
    .select({
      scope: idempotencyKeys.scope,
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

// Fixed text, so the statement needs no building; text cast to json keeps the answer as written.
const saveOutcomeText =
  'UPDATE idempotency_keys SET status_code = $1, response = $2::text::json WHERE user_id = $3 AND key = $4';

/**
 * Stores the answer for the key. With `withCommit`, on PostgreSQL the UPDATE is sent in the same
 * packet as the transaction's COMMIT (ADR 078): the last thing the transaction does, so nothing waits
 * for its reply, and if it fails COMMIT rolls everything back. Only for the caller that owns the
 * transaction and does nothing after it.
 */
export async function saveOutcome(
  tx: Tx,
  userId: number,
  key: string,
  outcome: { statusCode: number; response: unknown },
  options: { withCommit?: boolean } = {},
): Promise<void> {
  const { statusCode, response } = outcome;
  const params = [statusCode, JSON.stringify(response ?? null), userId, key];
  if (options.withCommit && queueWithCommit(tx, saveOutcomeText, params)) return;
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response: sql`${JSON.stringify(response ?? null)}::json` })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Deletes up to `limit` keys created before the cutoff, oldest first; returns how many went. */
export async function deleteKeysCreatedBefore(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .orderBy(idempotencyKeys.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) IN (${oldest})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
