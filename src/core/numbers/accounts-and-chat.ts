/** Accounts, exactly-once writes, request limits, chat, Ping and missions. Part of `balance` (src/core/balance.ts): import `balance`, not this file. */
export const accountsAndChatNumbers = {
  // Accounts
  /** How long a session lives without use. */
  sessionIdleDays: 30,
  /** How long an instance trusts a session it read from the database (ADR 035): the bound on a revocation the bus missed. */
  sessionCacheTtlMs: 5000,
  /** Sessions one instance keeps in memory; the oldest go first. */
  sessionCacheMax: 50_000,
  /** Login attempts allowed per window, per IP and per login ID. */
  loginAttemptsPerIp: 30,
  loginAttemptsPerLoginId: 8,
  loginWindowMs: 10 * 60_000,
  /** Registrations one client address may make per window (checked before any hashing). */
  registrationsPerIp: 5,
  registrationWindowMs: 60 * 60_000,
  /** Password hashes (argon2, ~19 MiB and ~30 ms each) running at once; login and registration share them. */
  passwordHashesAtOnce: 2,
  /** How long a deleted account's username stays unregistrable (ADR 057): long enough that nobody can pose as the player who left. */
  deletedUsernameReservedDays: 30,
  /** Data exports (DOWNLOAD MY DATA) one player may ask for per window: each reads every row they own. */
  accountExportsPerWindow: 3,
  accountExportWindowMs: 60 * 60_000,
  /** Rows one page of an export reads (ledger, messages, bits): the event loop is free between pages. */
  accountExportPageRows: 1000,
  /** Most keys one in-memory rate limiter holds; the oldest window is evicted past it. */
  rateLimiterMaxKeys: 50_000,

  // Exactly-once writes (docs/decisions/012-idempotency-keys.md)
  /** How long a spent idempotency key and its stored answer are kept: far past any client retry. */
  idempotencyKeyRetentionMs: 24 * 60 * 60_000,
  /** Pause before the client's single automatic retry of a keyed call after a lost reply or a 503. */
  idempotentRetryDelayMs: 500,
  /** How often the client resends a request a busy server shed (503 + Retry-After) before showing the error (ADR 072). */
  shedRetryAttempts: 3,
  /** Share of the hinted Retry-After added at random, so shed clients do not all come back in one instant. */
  shedRetryJitterShare: 0.5,
  /** Longest the client waits before resending a shed request, whatever Retry-After says. */
  shedRetryMaxDelayMs: 10_000,

  // Hardening
  /** Largest request body accepted on /api (bytes). */
  apiBodyLimitBytes: 16 * 1024,
  /** Largest inflated secureData payload (bytes): a zip bomb stops here. */
  secureDataMaxInflatedBytes: 16 * 1024,

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
  messagePageMax: 100,
  /** Players listed by GET /api/directories/users (online first, then by name). */
  directoryUsersLimit: 200,
  /** System lines (hacks of the player's Token) GET /api/directories/system returns, newest kept. */
  pingSystemLinesLimit: 20,
  /** The activity log's page (ADR 064): the newest unseen entries it shows, and the most its badge counts. */
  activityPageMax: 50,

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
