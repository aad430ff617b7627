import type { AuditAction } from '../../../core/api/admin';
import type { PlayerSummary } from '../../../core/api/admin-actions';
import { canActOn } from '../../../core/rules/moderation';
import { consoleTexts } from '../../../core/texts/console';
import type { Database, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { runTransaction, type AfterCommit } from '../../idempotency';
import { recordAudit, type Actor } from './audit';
import * as store from './store';

export type ActionOutcome =
  { kind: 'done'; player: PlayerSummary } | { kind: 'no-player' } | { kind: 'refused'; message: string };

export interface PlayerChange {
  before: unknown;
  after: unknown;
}

export function toSummary(row: store.SummaryRow, nowMs: number): PlayerSummary {
  const muted = row.mutedUntil !== null && row.mutedUntil.getTime() > nowMs;
  return {
    userId: row.id,
    username: row.username,
    level: row.level,
    role: row.role,
    banned: row.banned,
    mutedUntil: muted ? row.mutedUntil!.toISOString() : null,
  };
}

/**
 * One action on one player, the shape every console action on a player shares (ADR 058): the player
 * locked first, `canActOn` checked on the locked row (the shell acts on anyone), the change, and its
 * audit row, all in one transaction; what must follow the commit (sockets to close, screens to tell) goes
 * to the change's `afterCommit` (ADR 079).
 */
export async function actOnPlayer(
  deps: { database: Database; now: () => number },
  request: { actor: Actor; targetUserId: number; action: AuditAction; reason: string },
  change: (tx: Tx, target: store.SummaryRow, nowMs: number, afterCommit: AfterCommit) => Promise<PlayerChange>,
): Promise<ActionOutcome> {
  const { actor } = request;
  const outcome = await runTransaction(deps.database, async (tx, afterCommit) => {
    if ((await lockPlayers(tx, [request.targetUserId])).length === 0) return { kind: 'no-player' } as const;
    const target = (await store.summaryOf(tx, request.targetUserId))!;
    if (actor.kind === 'operator' && !canActOn({ id: actor.userId, role: actor.role }, target)) {
      return { kind: 'refused', message: consoleTexts.cannotActOn } as const;
    }
    const nowMs = deps.now();
    const done = await change(tx, target, nowMs, afterCommit);
    const audited = {
      action: request.action,
      targetUserId: target.id,
      reason: request.reason,
      before: done.before,
      after: done.after,
    };
    await recordAudit(tx, actor, audited, new Date(nowMs));
    const player = toSummary((await store.summaryOf(tx, target.id))!, nowMs);
    return { kind: 'done', player } as const;
  });
  return outcome;
}
