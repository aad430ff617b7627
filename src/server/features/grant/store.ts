import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { users } from '../../db/schema';

export async function findPlayerByLoginId(tx: Executor, loginId: string) {
  const [row] = await tx
    .select({ id: users.id, loginId: users.loginId, level: users.level, currentExp: users.currentExp })
    .from(users)
    .where(sql`lower(${users.loginId}) = lower(${loginId})`);
  return row;
}

/** Progress after granted experience (the taps' columns; Telnet stays the wallet's). */
export async function setProgress(
  tx: Tx,
  userId: number,
  progress: { level: number; currentExp: number },
): Promise<void> {
  await tx.update(users).set(progress).where(eq(users.id, userId));
}

export async function lockProgress(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ level: users.level, currentExp: users.currentExp })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row!;
}

/** The player's whole row, for the user.updated event a grant sends after it commits. */
export async function findPlayerRow(tx: Executor, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
