import type { Executor, Tx } from '../../db/connect';
import type { Bus } from '../../realtime/bus';
import * as store from './store';

/**
 * A chat line's removal for the moderator console (ADR 060): the line is deleted from the history, not
 * tombstoned — a report keeps its own copy of what was said. The caller runs it in its transaction,
 * having locked the author first, and tells every socket after the commit with `publishChatRemoved`.
 */
export function chatLineAuthor(executor: Executor, messageId: number): Promise<number | null> {
  return store.authorOf(executor, messageId);
}

export async function deleteChatLine(
  tx: Tx,
  messageId: number,
): Promise<{ id: number; userId: number; message: string; createdAt: Date } | null> {
  const row = await store.deleteMessage(tx, messageId);
  return row ? { id: row.id, userId: row.userId, message: row.message, createdAt: row.createdAt } : null;
}

/** Every open chat (the panel and the Terminal's chatroom) drops the line. */
export function publishChatRemoved(bus: Bus, messageId: number): void {
  bus.publish({ audience: { kind: 'everyone' }, event: { t: 'chat.removed', d: { id: messageId } } });
}
