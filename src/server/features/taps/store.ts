import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { tapBatches, users } from '../../db/schema';

/** A player's row as taps reads it: progress, the tap bucket and the Telnet it reports (never writes). */
export type UserRow = typeof users.$inferSelect;

/** One player's row, for the progress check. */
export async function findPlayer(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Locks the players' rows in id order (the same order on every instance, so no deadlock). */
export async function lockUsers(tx: Executor, userIds: number[]): Promise<Map<number, UserRow>> {
  const rows = await tx.select().from(users).where(inArray(users.id, userIds)).orderBy(users.id).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Batch keys already counted, as "userId:batchTimestamp". Read under the players' row locks. */
export async function findCountedBatches(
  tx: Executor,
  keys: Array<{ userId: number; batchTimestamp: number }>,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ userId: tapBatches.userId, batchTimestamp: tapBatches.batchTimestamp })
    .from(tapBatches)
    .where(inArray(sql`(${tapBatches.userId}, ${tapBatches.batchTimestamp})`, keys.map((k) => sql`(${k.userId}::int, ${k.batchTimestamp}::bigint)`)));
  return new Set(rows.map((r) => `${r.userId}:${r.batchTimestamp}`));
}

/** Records the keys of the batches just counted, stamped with the game's clock (the prune reads the same clock). */
export async function recordCountedBatches(tx: Executor, keys: Array<{ userId: number; batchTimestamp: number }>, at: Date): Promise<void> {
  if (keys.length > 0) await tx.insert(tapBatches).values(keys.map((k) => ({ ...k, createdAt: at }))).onConflictDoNothing();
}

export async function pruneBatchKeys(tx: Executor, olderThan: Date): Promise<void> {
  await tx.delete(tapBatches).where(lt(tapBatches.createdAt, olderThan));
}

export interface TapUserUpdate {
  id: number;
  level: number;
  currentExp: number;
  totalTaps: number;
  telnetCents: number;
  tapTokens: number;
  tapTokensAt: number;
}

/** Writes every player's new progress in one statement (Telnet itself goes through the wallet). */
export async function updateProgress(tx: Executor, updates: TapUserUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const values = sql.join(
    updates.map(
      (u) =>
        sql`(${u.id}::int, ${u.level}::int, ${u.currentExp}::bigint, ${u.totalTaps}::bigint, ${u.telnetCents}::int, ${u.tapTokens}::float8, ${u.tapTokensAt}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE users AS u SET level = v.level, current_exp = v.current_exp, total_taps = v.total_taps,
      telnet_cents = v.telnet_cents, tap_tokens = v.tap_tokens, tap_tokens_at = v.tap_tokens_at
    FROM (VALUES ${values}) AS v(id, level, current_exp, total_taps, telnet_cents, tap_tokens, tap_tokens_at)
    WHERE u.id = v.id`);
}
