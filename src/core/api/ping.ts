import { z } from 'zod';
import { limits } from '../rules/account';
import { PageLimit } from './chat';
import { IdParam, PlainText, RowId } from './common';

/** spec §3 private message; plain text, shown as text. */
export const PrivateMessage = z
  .object({
    id: z.int(),
    senderId: z.int(),
    senderUsername: z.string(),
    receiverId: z.int(),
    message: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ description: 'A private message (Ping) between two players, in plain text.' });
export type PrivateMessage = z.infer<typeof PrivateMessage>;

/**
 * A line the system wrote into the player's Ping (their Token was hacked). No sender:
 * it is not a private message, belongs to no conversation and cannot be answered. Plain text.
 */
export const PingSystemLine = z.object({ id: z.int(), message: z.string(), createdAt: z.iso.datetime() });
export type PingSystemLine = z.infer<typeof PingSystemLine>;

/** GET /api/directories/system: the lines the system wrote into the player's Ping, oldest first. */
export const PingSystemLines = z
  .array(PingSystemLine)
  .meta({ description: 'Lines the game wrote into the player’s Ping (their Token was hacked); not messages.' });

/** spec §3 directory user. */
export const DirectoryUser = z.object({ id: z.int(), username: z.string(), isOnline: z.boolean() });
export type DirectoryUser = z.infer<typeof DirectoryUser>;

/** GET /api/directories/users: the players one can Ping. */
export const DirectoryUsers = z.array(DirectoryUser).meta({ description: 'Players one can Ping, and who is online.' });

/** spec §3: usernames with unread messages to the player (non-empty means unread). */
export const UnreadDirectories = z
  .array(z.string())
  .meta({ description: 'Usernames whose Pings to the player are unread (empty: nothing unread).' });
export type UnreadDirectories = z.infer<typeof UnreadDirectories>;

/** GET /api/directories/conversations: partners' usernames, most recent conversation first. */
export const Conversations = z
  .array(z.string())
  .meta({ description: 'The usernames the player has conversations with, most recent first.' });

/** GET /api/directories/messages?partnerId=: one page of a conversation, like chat history. */
export const ConversationQuery = z.strictObject({
  partnerId: IdParam,
  before: IdParam.optional(),
  limit: PageLimit,
});
export type ConversationQuery = z.infer<typeof ConversationQuery>;

export const ConversationPage = z
  .object({
    messages: z.array(PrivateMessage),
    nextBefore: z.int().nullable(),
  })
  .meta({
    description:
      'A page of one conversation, oldest first; pass nextBefore as `before` for the older page (null at the start).',
  });
export type ConversationPage = z.infer<typeof ConversationPage>;

/** spec §7: POST /api/directories/messages {receiverId, message}; trimmed and checked in the service. */
export const PrivateMessageBody = z.strictObject({ receiverId: RowId, message: PlainText });
export type PrivateMessageBody = z.infer<typeof PrivateMessageBody>;

/** POST /api/directories/read {partnerId}: the player has seen that conversation. */
export const ReadConversationBody = z.strictObject({ partnerId: RowId });
export type ReadConversationBody = z.infer<typeof ReadConversationBody>;

/** GET /api/directories/user/{username}. */
export const DirectoryUserParams = z.strictObject({ username: PlainText.min(1).max(limits.usernameMax) });
