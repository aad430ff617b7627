import type { Tx } from '../db/connect';
import { moderationFlags } from '../db/schema';
import type { ModerationReason } from '../../core/moderation-reasons';

/** One flag per (player, reason, cause): a second insert of the same cause is a no-op. */
export async function insertFlag(tx: Tx, flag: { userId: number; reason: ModerationReason; reference: string; detail: string; createdAt: Date }): Promise<void> {
  await tx.insert(moderationFlags).values(flag).onConflictDoNothing({ target: [moderationFlags.userId, moderationFlags.reason, moderationFlags.reference] });
}
