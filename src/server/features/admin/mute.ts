import { muteEnd } from '../../../core/rules/moderation';
import type { Database } from '../../db/connect';
import { actOnPlayer, type ActionOutcome } from './act-on-player';
import type { Actor } from './audit';
import * as store from './store';

type Deps = { database: Database; now: () => number };
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Mutes a player for whole minutes (ADR 059): their chat lines, chatroom lines and Pings are refused
 * until then. The end is a timestamp the send paths read in their own transaction, so it holds on every
 * instance from this commit on and ends by itself.
 */
export function mute(
  deps: Deps,
  request: { actor: Actor; targetUserId: number; minutes: number; reason: string },
): Promise<ActionOutcome> {
  return actOnPlayer(deps, { ...request, action: 'mute' }, async (tx, target, nowMs) => {
    const until = new Date(muteEnd(nowMs, request.minutes));
    await store.setMutedUntil(tx, target.id, until);
    return {
      before: { mutedUntil: iso(target.mutedUntil) },
      after: { mutedUntil: iso(until), minutes: request.minutes },
    };
  });
}

/** Ends a mute now. */
export function unmute(
  deps: Deps,
  request: { actor: Actor; targetUserId: number; reason: string },
): Promise<ActionOutcome> {
  return actOnPlayer(deps, { ...request, action: 'unmute' }, async (tx, target) => {
    await store.setMutedUntil(tx, target.id, null);
    return { before: { mutedUntil: iso(target.mutedUntil) }, after: { mutedUntil: null } };
  });
}
