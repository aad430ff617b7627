import type {
  ConversationPage,
  ConversationQuery,
  DirectoryUser,
  PingSystemLine,
  PrivateMessage,
  PrivateMessageBody,
} from '../../../core/api/ping';
import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import { checkSendRate } from '../../../core/rules/messages';
import { texts } from '../../../core/texts';
import type { Database, Executor } from '../../db/connect';
import type { AfterCommit } from '../../idempotency';
import { HttpError } from '../../http/errors';
import type { Bus } from '../../realtime/bus';
import { requireMessageText } from '../chat/service';
import { refuseWhileMuted } from '../../moderation';
import * as directoryStore from './directory-store';
import * as store from './store';

export interface PingServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** The ignores service's look-ups (ADR 056): what a player ignores is hidden from them, and Pings from it withheld. */
  ignoredIds(userId: number, tx?: Executor): Promise<number[]>;
  isIgnoring(userId: number, otherId: number, tx?: Executor): Promise<boolean>;
}

type Sender = { id: number; username: string };

const toLine = (row: { message: string; createdAt: Date }) => ({
  message: row.message,
  createdAtMs: row.createdAt.getTime(),
});

/** Ping (spec §7 /api/directories/*): private messages, the directory, unread and read. */
export function createPingService(deps: PingServiceDeps) {
  const { db } = deps.database;
  const ttlMs = infra.presenceTtlMs;

  async function publishUnread(userId: number): Promise<string[]> {
    const usernames = await store.unreadSenders(db, userId, await deps.ignoredIds(userId));
    deps.bus.publish({
      audience: { kind: 'users', userIds: [userId] },
      event: { t: 'ping.unreadChanged', d: { usernames } },
    });
    return usernames;
  }

  return {
    directoryUsers: (): Promise<DirectoryUser[]> =>
      directoryStore.directoryUsers(db, balance.directoryUsersLimit, ttlMs),

    async directoryUser(username: string): Promise<DirectoryUser> {
      const user = await directoryStore.directoryUser(db, username, ttlMs);
      if (!user) throw new HttpError(404, texts.pingUserNotFound);
      return user;
    },

    unread: async (userId: number) => store.unreadSenders(db, userId, await deps.ignoredIds(userId)),

    conversations: async (userId: number) =>
      store.conversationPartners(db, userId, balance.directoryUsersLimit, await deps.ignoredIds(userId)),

    /** One page of the conversation with a partner; reading it does not mark it read (POST /read does). */
    async conversation(userId: number, query: ConversationQuery): Promise<ConversationPage> {
      if (!(await store.findUser(db, query.partnerId))) throw new HttpError(404, texts.pingUserNotFound);
      const ignoring = await deps.isIgnoring(userId, query.partnerId);
      const rows = await store.conversationPage(db, userId, query.partnerId, query.before, query.limit, ignoring);
      const page = rows.slice(0, query.limit).reverse();
      return {
        messages: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        nextBefore: rows.length > query.limit ? page[0]!.id : null,
      };
    },

    /**
     * Sends a private message: the same text rules and send limit as the global chat. To a receiver who
     * ignores the sender it is stored withheld: the sender's answer and transcript are as always, the
     * receiver never sees it, now or after an unignore (ADR 056).
     */
    async send(sender: Sender, body: PrivateMessageBody): Promise<PrivateMessage> {
      const text = requireMessageText(body.message);
      if (body.receiverId === sender.id) throw new HttpError(400, texts.pingSelf);
      const { row, receiver, withheld, reply } = await db.transaction(async (tx) => {
        const receiver = await store.findUser(tx, body.receiverId);
        if (!receiver) throw new HttpError(404, texts.pingUserNotFound);
        // The lock makes the count below true for this player across every instance.
        await store.lockSender(tx, sender.id);
        const now = deps.now();
        await refuseWhileMuted(tx, sender.id, now);
        const recent = (await store.latestSentBy(tx, sender.id, balance.messageSendLimit)).map(toLine);
        const previous = await store.lastSentTo(tx, sender.id, receiver.id);
        const problem = checkSendRate(recent, previous ? toLine(previous) : null, text, now);
        if (problem) throw new HttpError(429, texts[problem]);
        const withheld = await deps.isIgnoring(receiver.id, sender.id, tx);
        const at = new Date(now);
        // Nobody reads the developer's Ping: its message is read on arrival, and it answers with a system line (ADR 063).
        const readOnArrival = withheld || receiver.isDeveloper;
        const row = await store.insertMessage(tx, {
          senderId: sender.id,
          receiverId: receiver.id,
          message: text,
          createdAt: at,
          withheld,
          ...(readOnArrival ? { readAt: at } : {}),
        });
        const reply = receiver.isDeveloper
          ? await store.insertSystemLine(tx, { userId: sender.id, message: texts.ping.developerReply, createdAt: at })
          : null;
        return { row, receiver, withheld, reply };
      });
      const message: PrivateMessage = {
        id: row.id,
        senderId: sender.id,
        senderUsername: sender.username,
        receiverId: receiver.id,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      };
      const audience = withheld ? [sender.id] : [sender.id, receiver.id];
      deps.bus.publish({
        audience: { kind: 'users', userIds: audience },
        event: { t: 'ping.messageSent', d: message },
      });
      if (reply)
        deps.bus.publish({
          audience: { kind: 'users', userIds: [sender.id] },
          event: { t: 'ping.systemLineAdded', d: { ...reply, createdAt: reply.createdAt.toISOString() } },
        });
      else if (!withheld) await publishUnread(receiver.id);
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
    writeSystemLine: async (tx: Executor, userId: number, message: string, at: Date): Promise<void> => {
      await store.insertSystemLine(tx, { userId, message, createdAt: at });
    },

    /** GET /api/directories/system: the player's latest system lines, oldest first as the log reads. */
    async systemLines(userId: number): Promise<PingSystemLine[]> {
      const rows = await store.systemLines(db, userId, balance.pingSystemLinesLimit);
      return rows.reverse().map((r) => ({ id: r.id, message: r.message, createdAt: r.createdAt.toISOString() }));
    },

    /** A private message the viewer sent or received (not one withheld from them), for a report's snapshot. */
    messageSeenBy: (viewerId: number, id: number) => store.messageSeenBy(db, viewerId, id),
    /** The Pings a player sent, newest first (the console's player view: never the ones they received). */
    recentSentBy: (userId: number, count: number) => store.recentSentBy(db, userId, count),

    /** Evidence for the send_private_message mission. */
    hasSent: (userId: number) => store.hasSent(db, userId),

    /** One page of the player's conversations, one direction, for their data export (ADR 057). */
    exportPage: (userId: number, direction: 'sent' | 'received', after: number, limit: number) =>
      store.privateMessagesPage(db, userId, direction, after, limit),

    /** Erases a deleted account's Ping in the caller's transaction (ADR 057); after it commits, partners are told their unread list changed. */
    async forgetPlayer(tx: Executor, userId: number, afterCommit: AfterCommit): Promise<void> {
      const partners = await store.deleteMessagesOf(tx, userId);
      afterCommit(() => partners.forEach((id) => void publishUnread(id)));
    },
  };
}

export type PingService = ReturnType<typeof createPingService>;
