import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { optimizerStates, users } from '../../db/schema';

export type OptimizerRow = typeof optimizerStates.$inferSelect;

/** The player's optimizer row, made at level 0 the first time, locked for this transaction. */
export async function lockState(tx: Tx, userId: number): Promise<OptimizerRow> {
  noteFeatureRowLocked(tx);
  await tx.insert(optimizerStates).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(optimizerStates).where(eq(optimizerStates.userId, userId)).for('update');
  return row!;
}

/** The row as it is (no lock), or level 0 idle when the player never started one. */
export async function readState(db: Executor, userId: number): Promise<OptimizerRow> {
  const [row] = await db.select().from(optimizerStates).where(eq(optimizerStates.userId, userId));
  return row ?? { userId, level: 0, endsAt: null, startedAt: null, paidTelnet: null };
}

export async function markStarted(
  tx: Tx,
  userId: number,
  startedAt: Date,
  endsAt: Date,
  paidTelnet: number,
): Promise<void> {
  await tx.update(optimizerStates).set({ startedAt, endsAt, paidTelnet }).where(eq(optimizerStates.userId, userId));
}

/** Ends the running upgrade: level +1, idle again. */
export async function markCollected(tx: Tx, userId: number, newLevel: number): Promise<void> {
  await tx
    .update(optimizerStates)
    .set({ level: newLevel, startedAt: null, endsAt: null, paidTelnet: null })
    .where(eq(optimizerStates.userId, userId));
}

/** The player's connection rate (users.connection_rate), which decodes pay at. */
export async function setConnectionRate(tx: Tx, userId: number, ratePct: number): Promise<void> {
  await tx
    .update(users)
    .set({ connectionRate: sql`${ratePct}::float8` })
    .where(eq(users.id, userId));
}

/** Whether the player exists and is not banned (a banned player's optimizer is not collected). */
export async function playerStanding(db: Executor, userId: number): Promise<{ banned: boolean } | undefined> {
  const [row] = await db.select({ banned: users.banned }).from(users).where(eq(users.id, userId));
  return row;
}
