import type { Executor, Tx } from '../db/connect';
import { isMuted, utcMinute } from '../../core/rules/moderation';
import { texts } from '../../core/texts';
import { HttpError } from '../http/errors';
import type { ModerationReason } from '../../core/moderation-reasons';
import * as store from './store';

export { moderationReasons, type ModerationReason } from '../../core/moderation-reasons';

/**
 * Flags a player for moderators in the caller's transaction (ADR 046). The same cause flags once:
 * a replayed event adds nothing. Nothing in the game acts on a flag; moderators read them.
 */
export async function flagPlayer(
  tx: Tx,
  flag: { userId: number; reason: ModerationReason; reference: string; detail: string; at: Date },
): Promise<void> {
  await store.insertFlag(tx, {
    userId: flag.userId,
    reason: flag.reason,
    reference: flag.reference,
    detail: flag.detail,
    createdAt: flag.at,
  });
}

/**
 * Refuses a chat line, a chatroom line or a Ping while the sender is muted (ADR 059). Read in the send's
 * own transaction, so a mute set on any instance holds on every instance from its commit on.
 */
export async function refuseWhileMuted(tx: Executor, userId: number, nowMs: number): Promise<void> {
  const until = await store.mutedUntilOf(tx, userId);
  if (until && isMuted(until.getTime(), nowMs)) throw new HttpError(403, texts.chat.muted(utcMinute(until.getTime())));
}

/** A player's flags for the console's player view, newest first. */
export function flagsOf(db: Executor, userId: number, limit: number) {
  return store.flagsOf(db, userId, limit);
}
