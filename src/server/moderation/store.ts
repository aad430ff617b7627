import { desc, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../db/connect';
import { moderationFlags, users } from '../db/schema';
import type { ModerationReason } from '../../core/moderation-reasons';

/** One flag per (player, reason, cause): a second insert of the same cause is a no-op. */
export async function insertFlag(
  tx: Tx,
  flag: { userId: number; reason: ModerationReason; reference: string; detail: string; createdAt: Date },
): Promise<void> {
  await tx
    .insert(moderationFlags)
    .values(flag)
    .onConflictDoNothing({ target: [moderationFlags.userId, moderationFlags.reason, moderationFlags.reference] });
}

/** When the player's mute ends (null: not muted), read in the sender's transaction. */
export async function mutedUntilOf(tx: Executor, userId: number): Promise<Date | null> {
  const [row] = await tx.select({ mutedUntil: users.mutedUntil }).from(users).where(eq(users.id, userId));
  return row?.mutedUntil ?? null;
}

/** A player's flags, newest first, bounded. */
export async function flagsOf(db: Executor, userId: number, limit: number) {
  return db
    .select({ reason: moderationFlags.reason, detail: moderationFlags.detail, at: moderationFlags.createdAt })
    .from(moderationFlags)
    .where(eq(moderationFlags.userId, userId))
    .orderBy(desc(moderationFlags.id))
    .limit(limit);
}
