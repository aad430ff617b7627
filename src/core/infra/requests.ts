/** Request limits: rate limits, body and page sizes, caches and retention. Part of `infra` (src/core/infra.ts): import `infra`, not this file. */
export const requestLimits = {
  // Accounts
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

  // Hardening
  /** Largest request body accepted on /api (bytes). */
  apiBodyLimitBytes: 16 * 1024,
  /** Largest inflated secureData payload (bytes): a zip bomb stops here. */
  secureDataMaxInflatedBytes: 16 * 1024,

  // Global chat and Ping (spec §5, §9); the send limits are ours (docs: realtime and social decisions)
  messagePageMax: 100,
  /** The activity log's page (ADR 064): the newest unseen entries it shows, and the most its badge counts. */
  activityPageMax: 50,

  // Gear, Telnet Cores, inventory and the Data Exchange (docs/game-rules.md §4–§5, §15; ADR 015)
  /** Inventory and market POSTs (equip, destroy, open, list, buy, remove) one player may make per minute; past it, 429. */
  itemActionsPerMinute: 120,
  marketPageSizeMax: 50,
  /** Highest page number accepted (10,000 listings at 1 per page): bounds the server's OFFSET. */
  marketMaxPage: 10_000,

  // The Kernel and the Virus shop
  /** Kernel purchases and colour changes one player may make per minute; past it, 429. */
  kernelActionsPerMinute: 120,
  /** The most bits one GET /api/grid/state region may span (64 × 64): one answer stays a few hundred kilobytes at most. */
  kernelStateRegionMaxBits: 4_096,
  /** GET /api/grid/state regions one player may read per minute; past it, 429 (the screen uses the snapshot instead). */
  kernelStateReadsPerMinute: 60,
  /** A Kernel snapshot is re-encoded at most once per this many ms, however many purchases arrive; later ones wait for the next. */
  kernelSnapshotRebuildMs: 250,
  /** zlib level of the Kernel snapshot: 1 costs a third of level 6's CPU for frames about 8 % larger (ADR 043). */
  kernelSnapshotDeflateLevel: 1,
  /** Webhook deliveries one address may make per minute before 429 (the provider retries later). */
  virusWebhooksPerMinute: 600,
  /** Largest webhook body accepted, in bytes: a Stripe event is a few KiB; the API's 16 KiB limit is too tight for some. */
  virusWebhookBodyLimitBytes: 65_536,

  // Terminal and moderation
  /** Terminal requests (ls, cd, hack…) one player may send per minute; past it 429. */
  terminalRequestsPerMinute: 240,
  /** Targets the moderators' queue answers in one page. */
  reportQueuePageMax: 100,
} as const;
