import type { ConversationPage, ConversationQuery, DirectoryUser, PingSystemLine, PrivateMessage, PrivateMessageBody } from '../../../core/api/ping';
import { balance } from '../../../core/balance';
import { checkSendRate } from '../../../core/rules/messages';
import { texts } from '../../../core/texts';
import type { Database, Executor } from '../../db/connect';
import { HttpError } from '../../http/errors';
import type { Bus } from '../../realtime/bus';
import { requireMessageText } from '../chat/service';
import * as store from './store';

export interface PingServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
}

type Sender = { id: number; username: string };

const toLine = (row: { message: string; createdAt: Date }) => ({ message: row.message, createdAtMs: row.createdAt.getTime() });

/** Ping (spec §7 /api/directories/*): private messages, the directory, unread and read. */
export function createPingService(deps: PingServiceDeps) {
  const { db } = deps.database;
  const ttlMs = balance.presenceTtlMs;

  async function publishUnread(userId: number): Promise<string[]> {
    const usernames = await store.unreadSenders(db, userId);
    deps.bus.publish({ audience: { kind: 'users', userIds: [userId] }, event: { t: 'ping.unreadChanged', d: { usernames } } });
    return usernames;
  }

  return {
    directoryUsers: (): Promise<DirectoryUser[]> => store.directoryUsers(db, balance.directoryUsersLimit, ttlMs),

    async directoryUser(username: string): Promise<DirectoryUser> {
      const user = await store.directoryUser(db, username, ttlMs);
      if (!user) throw new HttpError(404, texts.pingUserNotFound);
      return user;
    },

    unread: (userId: number) => store.unreadSenders(db, userId),

    conversations: (userId: number) => store.conversationPartners(db, userId, balance.directoryUsersLimit),

    /** One page of the conversation with a partner; reading it does not mark it read (POST /read does). */
    async conversation(userId: number, query: ConversationQuery): Promise<ConversationPage> {
      if (!(await store.findUser(db, query.partnerId))) throw new HttpError(404, texts.pingUserNotFound);
      const rows = await store.conversationPage(db, userId, query.partnerId, query.before, query.limit);
      const page = rows.slice(0, query.limit).reverse();
      return {
        messages: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        nextBefore: rows.length > query.limit ? page[0]!.id : null,
      };
    },

    /** Sends a private message: the same text rules and send limit as the global chat. */
    async send(sender: Sender, body: PrivateMessageBody): Promise<PrivateMessage> {
      const text = requireMessageText(body.message);
      if (body.receiverId === sender.id) throw new HttpError(400, texts.pingSelf);
      const { row, receiver } = await db.transaction(async (tx) => {
        const receiver = await store.findUser(tx, body.receiverId);
        if (!receiver) throw new HttpError(404, texts.pingUserNotFound);
        // The lock makes the count below true for this player across every instance.
        await store.lockSender(tx, sender.id);
        const now = deps.now();
        const recent = (await store.latestSentBy(tx, sender.id, balance.messageSendLimit)).map(toLine);
        const previous = await store.lastSentTo(tx, sender.id, receiver.id);
        const problem = checkSendRate(recent, previous ? toLine(previous) : null, text, now);
        if (problem) throw new HttpError(429, texts[problem]);
        const row = await store.insertMessage(tx, { senderId: sender.id, receiverId: receiver.id, message: text, createdAt: new Date(now) });
        return { row, receiver };
      });
      const message: PrivateMessage = {
        id: row.id,
        senderId: sender.id,
        senderUsername: sender.username,
        receiverId: receiver.id,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      };
      deps.bus.publish({ audience: { kind: 'users', userIds: [sender.id, receiver.id] }, event: { t: 'ping.messageSent', d: message } });
      await publishUnread(receiver.id);
      return message;
    },

    /** The player has seen the conversation with `partnerId`; answers (and publishes) their new unread list. */
    async markRead(userId: number, partnerId: number): Promise<string[]> {
      await store.markRead(db, userId, partnerId, new Date(deps.now()));
      return publishUnread(userId);
    },

    /**
     * Writes a system line into a player's Ping inside the caller's transaction (a hack
     * writes it with the Telnet it moves, so the line exists exactly when the hack does). The caller's
     * own after-commit event (terminal.hacked) tells the victim's screens to refetch.
     */
    writeSystemLine: (tx: Executor, userId: number, message: string, at: Date) => store.insertSystemLine(tx, { userId, message, createdAt: at }),

    /** GET /api/directories/system: the player's latest system lines, oldest first as the log reads. */
    async systemLines(userId: number): Promise<PingSystemLine[]> {
      const rows = await store.systemLines(db, userId, balance.pingSystemLinesLimit);
      return rows.reverse().map((r) => ({ id: r.id, message: r.message, createdAt: r.createdAt.toISOString() }));
    },

    /** Evidence for the send_private_message mission. */
    hasSent: (userId: number) => store.hasSent(db, userId),

    /** One page of the player's conversations, one direction, for their data export (ADR 057). */
    exportPage: (userId: number, direction: 'sent' | 'received', after: number, limit: number) => store.privateMessagesPage(db, userId, direction, after, limit),

    /** Erases a deleted account's Ping in the caller's transaction (ADR 057); the returned function tells partners their unread list changed. */
    async forgetPlayer(tx: Executor, userId: number): Promise<() => void> {
      const partners = await store.deleteMessagesOf(tx, userId);
      return () => partners.forEach((id) => void publishUnread(id));
    },
  };
}

export type PingService = ReturnType<typeof createPingService>;
