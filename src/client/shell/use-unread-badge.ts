/**
 * Whether the SYSTEM menu shows the red '!' (spec §2): unread private messages (PING) or unread
 * global chat (TERMINAL). The unread endpoints arrive with the chat and ping issue; until then there
 * is nothing unread to show.
 */
export function useHasUnreadMessages(): boolean {
  return false;
}
