import type { Tx } from '../db/connect';
import type { ModerationReason } from '../../core/moderation-reasons';
import * as store from './store';

export { moderationReasons, type ModerationReason } from '../../core/moderation-reasons';

/**
 * Flags a player for moderators in the caller's transaction (ADR 046). The same cause flags once:
 * a replayed event adds nothing. Nothing in the game acts on a flag; moderators read them.
 */
export async function flagPlayer(tx: Tx, flag: { userId: number; reason: ModerationReason; reference: string; detail: string; at: Date }): Promise<void> {
  await store.insertFlag(tx, { userId: flag.userId, reason: flag.reason, reference: flag.reference, detail: flag.detail, createdAt: flag.at });
}
