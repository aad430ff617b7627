/** The global chat panel (spec §2, §5): on the Mainframe now, in the Terminal's chatroom mode later. */
export const chatTexts = {
  title: 'GLOBAL CHAT',
  live: 'LIVE',
  relinking: 'RELINKING',
  log: 'Global chat messages',
  loadOlder: '▲ LOAD OLDER LINES',
  loadingOlder: 'DECRYPTING OLDER LINES…',
  startOfChannel: '── start of channel ──',
  syncing: 'Syncing channel…',
  unreachable: 'Channel unreachable. Retrying…',
  empty: 'No transmissions yet. Open the channel, operator.',
  composer: 'Message the global chat',
  placeholder: 'transmit…',
  send: 'SEND',
  sending: 'SENDING…',
  /** A moderator's mute (ADR 059): every chat line, chatroom line and Ping is refused with this until it ends. */
  muted: (until: string) => `You are muted until ${until} UTC.`,
} as const;
