import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { fixedRows } from '../../db/fixed-sql';
import { arrayLiteral, intArray } from '../../db/param-sets';
import { tapBatches, users } from '../../db/schema';

/** A player's row as taps reads it: progress, the tap bucket and the Telnet it reports (never writes). */
export type UserRow = typeof users.$inferSelect;

// A tap group's statements whose text never changes are sent as written (fixed-sql.ts, ADR 078).
const countedBatchesText = `
  SELECT t.user_id, t.batch_timestamp FROM tap_batches AS t
  JOIN unnest($1::int[], $2::bigint[]) AS k(user_id, batch_timestamp)
    ON t.user_id = k.user_id AND t.batch_timestamp = k.batch_timestamp`;

const recordBatchesText = `
  INSERT INTO tap_batches (user_id, batch_timestamp, created_at)
  SELECT k.user_id, k.batch_timestamp, $1::timestamptz
  FROM unnest($2::int[], $3::bigint[]) AS k(user_id, batch_timestamp)
  ON CONFLICT DO NOTHING`;

const updateProgressText = `
  UPDATE users AS u SET level = v.level, current_exp = v.current_exp, total_taps = v.total_taps,
    telnet_cents = v.telnet_cents, tap_tokens = v.tap_tokens, tap_tokens_at = v.tap_tokens_at,
    decode_day = v.decode_day, decodes_today = v.decodes_today, decode_timing = v.decode_timing
  FROM jsonb_to_recordset($1::jsonb)
    AS v(id int, level int, current_exp bigint, total_taps bigint, telnet_cents int, tap_tokens float8, tap_tokens_at bigint,
      decode_day int, decodes_today int, decode_timing jsonb)
  WHERE u.id = v.id`;

/** One player's row, for the progress check. */
export async function findPlayer(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Locks the players' rows in id order, as lockPlayers does (the same order on every instance, so no
 * deadlock), and in its mode: FOR NO KEY UPDATE, because FOR UPDATE would also hold up every insert
 * that names these players by foreign key (a chat line, a session, an item) for the whole group.
 */
export async function lockUsers(tx: Executor, userIds: number[]): Promise<Map<number, UserRow>> {
  const rows = await tx
    .select()
    .from(users)
    .where(sql`${users.id} = any(${intArray(userIds)})`)
    .orderBy(users.id)
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Batch keys already counted, as "userId:batchTimestamp". Read under the players' row locks. */
export async function findCountedBatches(
  tx: Executor,
  keys: Array<{ userId: number; batchTimestamp: number }>,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await fixedRows<{ user_id: number; batch_timestamp: string | number }>(tx, countedBatchesText, [
    arrayLiteral(keys.map((k) => k.userId)),
    arrayLiteral(keys.map((k) => k.batchTimestamp)),
  ]);
  return new Set(rows.map((r) => `${r.user_id}:${Number(r.batch_timestamp)}`));
}

/** Records the keys of the batches just counted, stamped with the game's clock (the prune reads the same clock). */
export async function recordCountedBatches(
  tx: Executor,
  keys: Array<{ userId: number; batchTimestamp: number }>,
  at: Date,
): Promise<void> {
  if (keys.length === 0) return;
  await fixedRows(tx, recordBatchesText, [
    at.toISOString(),
    arrayLiteral(keys.map((k) => k.userId)),
    arrayLiteral(keys.map((k) => k.batchTimestamp)),
  ]);
}

/** Deletes up to `limit` batch keys recorded before `olderThan` (any of them: the BRIN index finds them, it does not order them); returns how many went. */
export async function pruneBatchKeys(tx: Executor, olderThan: Date, limit: number): Promise<number> {
  const oldest = tx
    .select({ userId: tapBatches.userId, batchTimestamp: tapBatches.batchTimestamp })
    .from(tapBatches)
    .where(lt(tapBatches.createdAt, olderThan))
    .limit(limit)
    .for('update', { skipLocked: true });
  const gone = await tx
    .delete(tapBatches)
    .where(sql`(${tapBatches.userId}, ${tapBatches.batchTimestamp}) IN (${oldest})`)
    .returning({ userId: tapBatches.userId });
  return gone.length;
}

export interface TapUserUpdate {
  id: number;
  level: number;
  currentExp: number;
  totalTaps: number;
  telnetCents: number;
  tapTokens: number;
  tapTokensAt: number;
  decodeDay: number;
  decodesToday: number;
  decodeTiming: unknown;
}

/** Writes every player's new progress in one statement (Telnet itself goes through the wallet). */
export async function updateProgress(tx: Executor, updates: TapUserUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const rows = updates.map((u) => ({
    id: u.id,
    level: u.level,
    current_exp: u.currentExp,
    total_taps: u.totalTaps,
    telnet_cents: u.telnetCents,
    tap_tokens: u.tapTokens,
    tap_tokens_at: u.tapTokensAt,
    decode_day: u.decodeDay,
    decodes_today: u.decodesToday,
    decode_timing: u.decodeTiming ?? null,
  }));
  await fixedRows(tx, updateProgressText, [JSON.stringify(rows)]);
}
