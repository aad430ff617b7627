/** One entry of the SYSTEM menu; routes.tsx generates the list from its route table. */
export interface MenuItem {
  to: string;
  label: string;
  /** One line saying what the screen is for, under the label. */
  hint: string;
  /** Which unread state marks this entry with '!' (spec §2: PING for private messages, chat for the global chat). */
  unread?: 'ping' | 'chat';
}
