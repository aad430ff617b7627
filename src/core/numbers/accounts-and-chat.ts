/** Accounts, exactly-once writes, request limits, chat, Ping and missions. Part of `balance` (src/core/balance.ts): import `balance`, not this file. */
export const accountsAndChatNumbers = {
  // Accounts
  /** How long a session lives without use. */
  sessionIdleDays: 30,
  /** How long a deleted account's username stays unregistrable (ADR 057): long enough that nobody can pose as the player who left. */
  deletedUsernameReservedDays: 30,

  // Global chat and Ping (spec §5, §9); the send limits are ours (docs: realtime and social decisions)
  /** spec §5/§9: a chat line or private message holds at most 500 characters after trimming. */
  messageMaxLength: 500,
  /** Lines one player may send per window, counted per channel (global chat; private messages apart). */
  messageSendLimit: 5,
  messageSendWindowMs: 10_000,
  /** The same line as the player's previous one in that channel, within this long, is refused as a repeat. */
  messageRepeatWindowMs: 60_000,
  /** Messages in one page of chat or conversation history, and the most a client may ask for. */
  messagePageSize: 50,
  /** Players listed by GET /api/directories/users (online first, then by name). */
  directoryUsersLimit: 200,
  /** System lines (hacks of the player's Token) GET /api/directories/system returns, newest kept. */
  pingSystemLinesLimit: 20,

  // spec §9: missions
  missionRewardTelnet: 10,

  // the moderator console (ADR 058)
  /** Audit rows in one page of the console's AUDIT LOG. */
  consoleAuditPageSize: 50,
  /** Players a console search lists at most. */
  consoleSearchResults: 20,
  /** The player view's bounded lists (ADR 059): items, listings, chat lines and Pings sent, flags, accounts sharing an address. */
  consoleViewItems: 50,
  consoleViewListings: 20,
  consoleViewLines: 20,
  consoleViewFlags: 20,
  consoleViewSharedAccounts: 20,
  /** Ledger rows in one page of the player view's ledger history. */
  consoleLedgerPageSize: 50,
  /** Accounts registered from one address from which the view flags "many accounts from one address". */
  consoleManyAccountsFrom: 3,
  /** An operator's Kernel clear covers at most this many bits per call (4,096 × 16): bounded work in one transaction. */
  consoleKernelClearMaxBits: 4096 * 16,
} as const;
