import { canActOn } from '../../../core/rules/moderation';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { recordAudit, type ActionRefusal } from './audit';
import type { Operator } from './guard';
import * as store from './store';

/**
 * A moderator retires a player's username (ADR 060): the player must choose a new one before playing
 * on (every game route answers 403 until then), and the old one stays reserved once they have. The
 * caller publishes the player's new view, so their open tabs show the form at once.
 */
export async function renamePlayer(
  deps: { database: Database; now: () => number },
  request: { actor: Operator; targetUserId: number; reason: string },
): Promise<{ kind: 'renamed'; userId: number; username: string; renameRequired: true } | ActionRefusal> {
  return deps.database.db.transaction(async (tx) => {
    if ((await lockPlayers(tx, [request.targetUserId])).length === 0)
      return { kind: 'refused', status: 404, message: consoleTexts.noSuchPlayer } as const;
    const target = (await store.findTarget(tx, request.targetUserId))!;
    if (!canActOn({ id: request.actor.userId, role: request.actor.role }, target))
      return { kind: 'refused', status: 403, message: consoleTexts.cannotActOn } as const;
    const before = await store.setRenameRequired(tx, target.id);
    const change = {
      action: 'rename' as const,
      targetUserId: target.id,
      reason: request.reason,
      before: { username: target.username, renameRequired: before },
      after: { renameRequired: true },
    };
    await recordAudit(tx, request.actor, change, new Date(deps.now()));
    return { kind: 'renamed', userId: target.id, username: target.username, renameRequired: true } as const;
  });
}
