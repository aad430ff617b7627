import { canActOn } from '../../../core/rules/moderation';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import type { Bus } from '../../realtime/bus';
import { chatLineAuthor, deleteChatLine, publishChatRemoved } from '../chat/remove';
import { recordAudit, type ActionRefusal } from './audit';
import type { Operator } from './guard';
import * as store from './store';

/**
 * Removes one chat line (ADR 060): deleted from the history in the transaction that writes its audit
 * row (which keeps what was said), then every open chat drops it through `chat.removed`.
 * The author is locked first (ADR 044) and must be someone the operator may act on.
 */
export async function removeChatLine(
  deps: { database: Database; bus: Bus; now: () => number },
  request: { actor: Operator; messageId: number; reason: string },
): Promise<{ kind: 'removed'; id: number } | ActionRefusal> {
  const { db } = deps.database;
  const noMessage = { kind: 'refused', status: 404, message: consoleTexts.noSuchMessage } as const;
  const authorId = await chatLineAuthor(db, request.messageId);
  if (authorId === null) return noMessage;
  const outcome = await db.transaction(async (tx) => {
    await lockPlayers(tx, [authorId]);
    const author = (await store.findTarget(tx, authorId))!;
    if (!canActOn({ id: request.actor.userId, role: request.actor.role }, author)) {
      return { kind: 'refused', status: 403, message: consoleTexts.cannotActOn } as const;
    }
    const line = await deleteChatLine(tx, request.messageId);
    if (!line) return noMessage;
    const before = {
      messageId: line.id,
      username: author.username,
      message: line.message,
      createdAt: line.createdAt.toISOString(),
    };
    await recordAudit(
      tx,
      request.actor,
      { action: 'chat-remove', targetUserId: author.id, reason: request.reason, before, after: { removed: true } },
      new Date(deps.now()),
    );
    return { kind: 'removed', id: line.id } as const;
  });
  if (outcome.kind === 'removed') publishChatRemoved(deps.bus, outcome.id);
  return outcome;
}
