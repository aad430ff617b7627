import type { ChatUnread } from '../../core/api/chat';

export interface UnreadState {
  /** Unread private messages: a non-empty list of senders (spec §3). */
  ping: boolean;
  /** Unread global chat (spec §3 hasUnread). */
  chat: boolean;
  /** The SYSTEM button's badge: either of them (spec §2). */
  any: boolean;
}

/** The badge state from the two unread answers; unknown (not loaded) counts as nothing unread. */
export function unreadState(chat: ChatUnread | undefined, directories: readonly string[] | undefined): UnreadState {
  const ping = (directories?.length ?? 0) > 0;
  const hasChat = chat?.hasUnread ?? false;
  return { ping, chat: hasChat, any: ping || hasChat };
}
