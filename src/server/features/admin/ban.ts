import type { Database, Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency';
import { actOnPlayer, type ActionOutcome } from './act-on-player';
import type { Actor } from './audit';

/** The auth service's ban, in the action's transaction (it deletes the sessions; its answer closes the sockets after commit). */
export interface BanSessions {
  setBannedIn(tx: Tx, userId: number, banned: boolean, afterCommit: AfterCommit): Promise<void>;
}

export type BanDeps = { database: Database; now: () => number; sessions: BanSessions };

/**
 * Bans a player (refused at login, every session and socket closed at once on every instance) or lifts
 * the ban, audited — from the console and from `npm run ban` / `npm run unban` alike (ADR 059).
 */
export function setBan(
  deps: BanDeps,
  request: { actor: Actor; targetUserId: number; banned: boolean; reason: string },
): Promise<ActionOutcome> {
  const action = request.banned ? 'ban' : 'unban';
  return actOnPlayer(
    deps,
    { actor: request.actor, targetUserId: request.targetUserId, reason: request.reason, action },
    async (tx, target, _nowMs, afterCommit) => {
      await deps.sessions.setBannedIn(tx, target.id, request.banned, afterCommit);
      return { before: { banned: target.banned }, after: { banned: request.banned } };
    },
  );
}
