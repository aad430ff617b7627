import { z } from 'zod';
import { balance } from '../balance';
import { infra } from '../infra';
import { IdParam, PlainText, queryInt } from './common';

export { IdParam };

/** Page size as a query parameter (default one page, at most messagePageMax). */
export const PageLimit = queryInt(z.int().min(1).max(infra.messagePageMax)).default(balance.messagePageSize);

/** spec §3 chat message; the text is plain text and must be shown as text. */
export const ChatMessage = z
  .object({
    id: z.int(),
    userId: z.int(),
    username: z.string(),
    message: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ description: 'One line of the global chat, in plain text (show it as text, never as markup).' });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** GET /api/chat/messages: the latest page without `before`; `before` = a page's nextBefore for older lines. */
export const ChatHistoryQuery = z.strictObject({
  before: IdParam.optional(),
  limit: PageLimit,
});
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuery>;

/** One page of history, oldest first (the order it is shown in); nextBefore is null at the start of the channel. */
export const ChatPage = z
  .object({
    messages: z.array(ChatMessage),
    nextBefore: z.int().nullable(),
  })
  .meta({
    description:
      'A page of chat history, oldest first; pass nextBefore as `before` for the older page (null at the start).',
  });
export type ChatPage = z.infer<typeof ChatPage>;

// The text is trimmed and its length checked in the service, so the player gets the game's own
// words; the /api body limit (16 KiB) already bounds what arrives here.
/** spec §7: POST /api/chat/messages {message}. */
export const ChatPostBody = z.strictObject({ message: PlainText });
export type ChatPostBody = z.infer<typeof ChatPostBody>;

/** spec §3: unread chat is a boolean. */
export const ChatUnread = z
  .object({ hasUnread: z.boolean() })
  .meta({ description: 'Whether chat holds lines the player has not read yet.' });
export type ChatUnread = z.infer<typeof ChatUnread>;

/** POST /api/chat/read takes no fields (an empty object or no body). */
export const ChatReadBody = z.strictObject({}).optional();
