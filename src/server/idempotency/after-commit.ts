import type { Database, Tx } from '../db/connect';

/** Work that must follow a commit: socket events, mission checks, user-view pushes (ADR 079). */
export type Effect = () => unknown;

/** Registers an effect to run once the transaction it was registered in has committed (ADR 079). */
export type AfterCommit = (effect: Effect) => void;

/**
 * Runs effects in the order they were registered, each awaited before the next. An effect that may
 * fail without failing the answer catches its own errors (publishUserView does).
 */
export async function runEffects(effects: readonly Effect[]): Promise<void> {
  for (const effect of effects) await effect();
}

/**
 * Opens a transaction and hands the work an `afterCommit` to register effects with; they run after
 * COMMIT has returned, never when the transaction rolled back. The effects of an attempt that the
 * connection layer runs again after a lost connection (db/reconnect.ts) are forgotten with it.
 */
export async function runTransaction<T>(
  database: Pick<Database, 'db'>,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  let effects: Effect[] = [];
  const result = await database.db.transaction(async (tx) => {
    effects = [];
    const attempt = effects;
    return work(tx, (effect) => attempt.push(effect));
  });
  await runEffects(effects);
  return result;
}
