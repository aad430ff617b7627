import type { ChatHistoryQuery, ChatMessage, ChatPage, ChatUnread } from '../../../core/api/chat';
import { balance } from '../../../core/balance';
import { checkMessageText, checkSendRate } from '../../../core/rules/messages';
import { texts } from '../../../core/texts';
import type { Database, Executor } from '../../db/connect';
import { HttpError } from '../../http/errors';
import type { Bus } from '../../realtime/bus';
import { refuseWhileMuted } from '../../moderation';
import * as store from './store';

export interface ChatServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** The players a viewer ignores (ignores service): their lines are left out of that viewer's history and unread (ADR 056). */
  ignoredIds(userId: number): Promise<number[]>;
}

type Sender = { id: number; username: string };

/** Checks a line's text (spec §5) and answers the game's own 400 texts. */
export function requireMessageText(raw: string): string {
  const checked = checkMessageText(raw);
  if (checked.problem) throw new HttpError(400, texts[checked.problem]);
  return checked.text;
}

/** The global channel (spec §7): history, send with a per-player limit, unread and read. */
export function createChatService(deps: ChatServiceDeps) {
  const { db } = deps.database;

  return {
    /** Erases a deleted account's chat lines in the caller's transaction (ADR 057); open screens drop them at their next fetch. */
    forgetPlayer: (tx: Executor, userId: number) => store.deleteLinesOf(tx, userId),

    /** One page of the player's own lines for their data export (ADR 057). */
    exportPage: (userId: number, after: number, limit: number) => store.chatLinesPage(db, userId, after, limit),

    /** The latest page without `before`; older pages by passing a page's nextBefore. */
    async history(viewerId: number, query: ChatHistoryQuery): Promise<ChatPage> {
      const rows = await store.pageBefore(db, query.before, query.limit, await deps.ignoredIds(viewerId));
      const page = rows.slice(0, query.limit).reverse();
      return {
        messages: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        nextBefore: rows.length > query.limit ? page[0]!.id : null,
      };
    },

    /** Stores a line and tells every socket. 429 past the send limit or for a repeated line. */
    async post(sender: Sender, raw: string): Promise<ChatMessage> {
      const text = requireMessageText(raw);
      const row = await db.transaction(async (tx) => {
        // The lock makes the count below true for this player across every instance.
        await store.lockSender(tx, sender.id);
        const now = deps.now();
        await refuseWhileMuted(tx, sender.id, now);
        const recent = (await store.latestLinesOf(tx, sender.id, balance.messageSendLimit)).map((l) => ({
          message: l.message,
          createdAtMs: l.createdAt.getTime(),
        }));
        const problem = checkSendRate(recent, recent[0] ?? null, text, now);
        if (problem) throw new HttpError(429, texts[problem]);
        const inserted = await store.insertMessage(tx, { userId: sender.id, message: text, createdAt: new Date(now) });
        // Whoever writes has seen the channel up to their own line.
        await store.markReadUpTo(tx, sender.id, inserted.id);
        return inserted;
      });
      const message: ChatMessage = {
        id: row.id,
        userId: sender.id,
        username: sender.username,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      };
      // One frame per socket: receivers derive "unread" from a line that is not their own.
      deps.bus.publish({ audience: { kind: 'everyone' }, event: { t: 'chat_message', d: message } });
      return message;
    },

    async unread(userId: number): Promise<ChatUnread> {
      return { hasUnread: await store.hasUnread(db, userId, await deps.ignoredIds(userId)) };
    },

    /** spec §4: the chat was seen; the player's other tabs clear their badge too. */
    async markRead(userId: number): Promise<ChatUnread> {
      await store.markReadUpTo(db, userId, await store.latestMessageId(db));
      deps.bus.publish({
        audience: { kind: 'users', userIds: [userId] },
        event: { t: 'chat.unreadChanged', d: { hasUnread: false } },
      });
      return { hasUnread: false };
    },

    /** One line with its author, for a report's snapshot (ADR 056); null if there is none. */
    lineById: (id: number) => store.lineById(db, id),
    /** A player's latest lines, newest first (the console's player view). */
    recentLinesOf: (userId: number, count: number) => store.recentLinesOf(db, userId, count),

    /** Evidence for the send_global_chat mission. */
    hasSent: (userId: number) => store.hasSent(db, userId),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
