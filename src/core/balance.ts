/**
 * Every tunable number in Bitbreach, once, each with what it tunes.
 * Numbers the spec gives cite it; numbers it leaves "not shown" are our decisions,
 * written down with their reasons in docs/game-rules.md.
 */
export const balance = {
  // spec §9: binary row of 15 digits, queue of 8 rows, 3 rows on phones
  rowLength: 15,
  rowQueueSize: 8,
  rowsShownOnPhone: 3,
  digitsPerPhoneLine: 5,
  shakeMs: 500,
  levelUpBannerMs: 2000,
  mobileBreakpointPx: 768,

  // spec §9: experience curve; level 1 needs 10
  firstLevelExp: 10,
  expCurveFactor: 15,
  expCurveExponent: 1.35,
  /** Highest level a player can reach (the optimizer's max level is also 80). */
  maxLevel: 200,

  // spec §3: starting stats
  startingAttack: 1,
  startingCriticalRatePct: 5,
  startingBonusCriticalHitPct: 0,
  /** spec §3: connection rate default 10 (percent). */
  startingConnectionRatePct: 10,
  /** spec §3: itemDropRate default 0.1 — read as a multiplier base, see game-rules. */
  startingItemDropRate: 0.1,

  // Decoding → Telnet: each decode adds connectionRate hundredths of a Telnet (10% → 1 Telnet per 10 decodes)
  telnetCentsPerTelnet: 100,

  // Drops, rolled per decode on the server
  /** Chance that a decode drops a piece of gear, multiplied by itemDropRate*10 (1.0 at the default 0.1). */
  gearDropChance: 0.02,
  /** Chance that a decode drops a Telnet Core. */
  coreDropChance: 0.01,
  /** spec §9: inventory holds 50 items, gear plus cores. */
  inventoryCapacity: 50,

  // Tap rate ceiling (server): a token bucket in decodes.
  /** Sustained decodes per second refilled: 22.5 keys/s, above any human typist's ~20 keys/s for long. */
  tapRefillPerSecond: 1.5,
  /** Burst allowance in decodes: what a held-up queue or a fast sprint may post at once. */
  tapBurstCapacity: 20,
  /** Largest tapCount accepted in one batch (the client sends 3; spec §9 auto-clicker threshold is 50). */
  maxTapsPerBatch: 50,

  // Daily decode budget (ADR 052): what a UTC day's decodes pay in Telnet and drop chances.
  /** Decodes a UTC day pays in full: a four-hour human day at one 15-digit row every 2.4 s (6.25 keys/s). */
  fullYieldDecodesPerDay: 6_000,
  /**
   * Past the full-yield decodes, a decode pays half as much every this many further decodes, so the
   * rest of the day adds at most halfLife / ln 2 ≈ 2,885 decodes' worth: a script at the tap-rate
   * ceiling 24/7 earns ≈ 8,885 decodes' worth a day, 1.27× a 4 h grinder at 0.5 decodes/s.
   */
  decodeYieldHalfLifeDecodes: 2_000,

  // Machine-like decoding (ADR 052): flags for moderators, never a penalty.
  /** A pause longer than this between two counted batches ends a run of play. */
  decodeRunBreakMs: 60_000,
  /** Batches whose per-decode intervals are compared at once (a human's 40-row window varies by CV ≥ 0.17). */
  decodeTimingWindowBatches: 40,
  /** Coefficient of variation of those intervals below which the window looks scripted (a timer's is ≈ 0). */
  machineLikeIntervalCv: 0.05,
  /** A run held at this share of the tap-rate ceiling (1.2 decodes/s = 18 keys/s)… */
  machineLikeCeilingShare: 0.8,
  /** …for this long without a pause looks scripted: no human types 18 keys/s for an hour. */
  machineLikeCeilingRunMs: 3_600_000,

  // spec §9: client tap queue
  tapQueueMaxAgeMs: 30_000,
  tapQueueAutoClickerThreshold: 50,
  tapBatchSize: 3,
  tapBatchGapMs: 20,
  tapRetryDelayMs: 500,
  progressDebounceMs: 500,

  // spec §9: stats-refresh rule (client replaces its prediction when the server differs this much)
  reconcileExpTolerance: 50,
  reconcileTapsTolerance: 10,

  // spec §4 / §9: polling fallbacks and session check
  sessionCheckMs: 5000,

  // spec §9 leaderboard
  leaderboardLimit: 30,

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
  /** Most keys one in-memory rate limiter holds; the oldest window is evicted past it. */
  rateLimiterMaxKeys: 50_000,

  // Exactly-once writes (docs/decisions/012-idempotency-keys.md)
  /** How long a spent idempotency key and its stored answer are kept: far past any client retry. */
  idempotencyKeyRetentionMs: 24 * 60 * 60_000,
  /** Pause before the client's single automatic retry of a keyed call after a lost reply or a 503. */
  idempotentRetryDelayMs: 500,

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

  // spec §9: missions
  missionRewardTelnet: 10,

  // Realtime: the /ws socket and presence
  /** Largest message a client may send on the socket (bytes); a larger one closes it. */
  socketMaxMessageBytes: 64 * 1024,
  /** Messages a client may send per window on one socket before it is closed. */
  socketMessagesPerWindow: 20,
  socketMessageWindowMs: 10_000,
  /** Bytes queued for a socket that cannot keep up before it is cut (it reconnects and refetches). */
  socketSendBufferMaxBytes: 1024 * 1024,
  /** How often the hub pings sockets and refreshes this instance's presence rows. */
  socketHeartbeatMs: 10_000,
  /** A presence row not refreshed for this long is a crashed instance's: the player counts as offline. */
  presenceTtlMs: 30_000,
  /** How often open sockets' sessions are checked against the database (catches bans made while the bus was down). */
  socketSessionRecheckMs: 30_000,
  /** Open sockets one session may hold over every worker and instance (tabs); the next is refused (429, or close code 4009). */
  socketsPerSession: 8,
  /** Open sockets one client address may hold over every worker and instance. */
  socketsPerAddress: 64,
  /** Heartbeats a socket's lease in Redis outlives its last refresh: an instance that died frees its sockets' places after this many (ADR 045). */
  socketLeaseHeartbeats: 3,
  /** Socket upgrades one client address may make per window; past it the upgrade answers 429. */
  socketUpgradesPerAddress: 120,
  socketUpgradeWindowMs: 60_000,
  /**
   * Presence changes are batched: a watching socket gets at most one presence frame per this long,
   * listing everyone who came or went meanwhile (ADR 038).
   */
  presenceFlushMs: 1000,
  /**
   * Frames the hub sends in one turn of the event loop before it yields (ADR 038). The bench measured
   * ~26 µs of server CPU per frame sent on this loaded machine (everything included), so a slice holds
   * the loop ~3 ms at most and a chat line to 2,000 sockets takes 16 turns.
   */
  socketDeliverySlice: 128,
  /**
   * Frames (one event to one socket) an instance's delivery queue holds before it drops them and sends
   * each waiting socket the stream's interruption instead (it refetches): bounds the queue's memory when
   * events arrive faster than the sockets are served (~50 events to 2,000 sockets).
   */
  socketDeliveryQueueMaxFrames: 100_000,
  /** Events kept while Redis is unreachable, sent when it is back; older ones are dropped first. */
  busOutageBufferMax: 1000,
  /**
   * How far a bus message's signed send time may be from the receiving instance's clock (either way)
   * before it is dropped as a replay or a forgery from the past (ADR 047); also how long its id is kept.
   */
  busReplayWindowMs: 30_000,
  /** Bus message ids an instance remembers to refuse a replay within the window (ADR 047). */
  busSeenIdsMax: 100_000,
  // Spec numbers for features still to come, stated by the guide today (spec §1, §9)
  /** spec §1: 1 Telnet buys one drone auto-click per 30 s for 5 minutes, at most 25 per 30 s. */
  droneTelnetPerClick: 1,
  droneIntervalSeconds: 30,
  droneDurationMinutes: 5,
  droneMaxClicksPerInterval: 25,
  /** spec §1/§9: an SSH intrusion lasts 60 s; a forced exit locks SSH for 15 minutes. */
  sshTimeLimitSeconds: 60,
  forcedExitCooldownMinutes: 15,
  /** spec §9: a hack steals 30% of the victim's Telnet. */
  hackStealPct: 30,
  /** spec §1/§9: directory slots start at 1 and grow with level; the terminal's default maximum is 5. */
  firstDirectorySlots: 1,
  defaultMaxDirectories: 5,
  // Terminal (docs/game-rules.md §18): the numbers the spec leaves open
  /** Base directory slots grow by one every this many levels, from firstDirectorySlots up to defaultMaxDirectories. */
  directorySlotEveryLevels: 5,
  /** Extra directories a player can buy on top of the base slots (buy-dir; past it 403). */
  maxExtraDirectories: 5,
  /** The n-th extra directory costs n × this (120, 240, …): 40 minutes of level-1 play for the first. */
  extraDirectoryPriceStep: 120,
  /** New-player shield: nobody is hacked below this level… */
  hackShieldMinLevel: 5,
  /** …or within this many hours of registering… */
  hackShieldHours: 24,
  /** …or by an attacker more than this many levels above them. */
  hackMaxLevelGap: 10,
  /** One successful hack per attacker per victim per this many hours. */
  hackPerVictimWindowHours: 24,
  /** A hacked victim cannot be hacked again by anyone for this long (the cooldown's victim side). */
  hackedVictimShieldMinutes: 15,
  /** Entries of attack history and intrusion log that status returns. */
  terminalHistoryLimit: 20,
  /**
   * After any intrusion ends (exit, the 60 s limit, a hack, or a new ssh replacing it) the same attacker
   * cannot ssh into the same victim for this long: ten minutes turns a chain of back-to-back intrusions
   * (and their alerts) into one visit, and costs an honest attacker little — they may try anyone else (ADR 049).
   */
  intrusionCooldownMinutes: 10,
  /** The victim gets at most one intrusion alert per attacker in this window; the log still lists every visit. */
  intrusionAlertWindowMinutes: 30,
  /** At most this many of one attacker's newest intrusions in a victim's log, so one attacker cannot push the others out. */
  intrusionLogPerAttacker: 3,
  /** Terminal requests (ls, cd, hack…) one player may send per minute; past it 429. */
  terminalRequestsPerMinute: 240,
  /** spec §9: the Kernel grid is 800×800; a bit costs 20 at the centre falling to 1 at a corner. */
  gridSize: 800,
  bitPriceCentre: 20,
  bitPriceCorner: 1,
  /** spec §9: a new Blockchain 2 h after a defeat; code length 10; EXP per guess floor(attack/5); 5 attempts shown. */
  bossRespawnHours: 2,
  defaultCodeLength: 10,
  expCostAttackDivisor: 5,
  /** Least experience any guess costs (attack 1–4 would pay floor(attack/5) = 0): no free guesses for new players or alts (ADR 050). */
  minGuessExpCost: 1,
  recentAttempts: 5,
  /** spec §4/§9: the screen ignores server data for 500 ms after a guess and refetches 300 ms after it; the server refuses a player's guesses closer together than this. */
  guessIgnoreWindowMs: 500,
  guessRefetchDelayMs: 300,
  /** spec §9: while the socket is down the boss and the last-defeated record are polled every 5 s. */
  bossPollMs: 5000,
  // Blockchain numbers the spec leaves open (docs/game-rules.md §19)
  /** A boss of level L has at least 10·L integrity: ~10 cracks at level 1 for a starting player (attack 1). */
  bossIntegrityPerLevel: 10,
  /**
   * Cracks a boss should take: the next boss's integrity is this many times the previous boss's damage per
   * crack, so a boss one-shot by gear is followed by a harder one (ADR 050).
   */
  bossTargetCracks: 10,
  /** The next boss's integrity moves at most ×4 up and ×½ down from the previous one's: one lucky crit cannot jump it. */
  bossIntegrityMaxGrowth: 4,
  bossIntegrityMaxShrink: 0.5,
  /** Highest integrity any boss has (the column is int4; ≈ 10 cracks of 100,000 damage). */
  bossIntegrityCeiling: 1_000_000,
  /** LAST HIT pays 40·L Telnet (≈ 13 min of level-1 play at level 1); MOST DAMAGE pays 60·L (≈ 20 min)... */
  bossLastHitRewardPerLevel: 40,
  bossMostDamageRewardPerLevel: 60,
  /** ...up to level 10's 400 and 600 per kill: past it a boss is harder, never richer (ADR 050). */
  bossRewardCapLevel: 10,
  /**
   * Boss-reward Telnet one player may receive per UTC day (both cards of every kill together): one
   * level-10 kill's LAST HIT and MOST DAMAGE, ≈ 1.4 h of a level-20 player's decoding. A script that
   * solves first every 2 hours still takes at most this much a day (ADR 050).
   */
  bossDailyRewardCapTelnet: 1000,
  /** spec §1: blacklist chance +5 % per player level above the boss's level, capped at 50 %. */
  blacklistPctPerLevel: 5,
  blacklistMaxPct: 50,
  /** spec §9: eight beginner missions, plus the Kernel's purchase_kernel_bit (ADR 024); the optimizer tops out at level 80. */
  missionCount: 9,
  optimizerMaxLevel: 80,
  // Client realtime (the /ws socket in the browser) and the polling fallback while it is down
  /** First wait before reconnecting a dropped socket; doubles per failed attempt, with jitter. */
  socketReconnectBaseMs: 500,
  /** Longest wait between two reconnect attempts. */
  socketReconnectMaxMs: 15_000,
  /** A socket open this long counted as healthy: its next drop starts the backoff from the base again. */
  socketStableMs: 10_000,
  /** spec §9: while the socket is down, chat history is polled every 5 s. */
  chatPollMs: 5000,
  /** spec §9: while the socket is down, unread chat is polled every 5 s. */
  chatUnreadPollMs: 5000,
  /** spec §9: while the socket is down, unread directories are polled every 5 s. */
  unreadDirectoriesPollMs: 5000,
  /** spec §9: while the socket is down, mission status is polled every 5 s. */
  missionsPollMs: 5000,
  /** spec §9: while the socket is down, an open private conversation is polled every 3 s. */
  privateMessagesPollMs: 3000,
  /** spec §9: while the socket is down, the Ping user list is polled every 10 s. */
  directoryUsersPollMs: 10_000,
  /** Chat lines the client keeps; past it the oldest are dropped in one batch of chatDropBatch (older pages reload on scroll). */
  chatKeepMax: 300,
  chatDropBatch: 100,
  /** Output entries a command line keeps on screen; past it the oldest are dropped in one batch. */
  terminalLogMax: 200,
  terminalLogDropBatch: 50,
  /** Command lines remembered for ↑/↓ (a repeat of the previous line is not stored twice). */
  commandHistoryMax: 50,

  // Jobs runner (src/server/jobs): timed and background work, docs/decisions/013-jobs-runner.md
  /** How often an idle runner looks for due jobs; a full batch is followed at once by the next. */
  jobPollIntervalMs: 1000,
  /** Jobs one pass runs (each in its own transaction) before it waits for the next poll. */
  jobBatchSize: 50,
  /** Attempts before a failing job is dead-lettered with its error. */
  jobMaxAttempts: 5,
  /** Delay after the first failure; doubles after each further failure... */
  jobRetryBaseMs: 5000,
  /** ...up to this cap (one hour). */
  jobRetryMaxMs: 3_600_000,
  /**
   * Done jobs (and their dedupe keys) are kept this long, then purged; dead ones stay for operators.
   * A day, not a week: a busy drone hour makes ~1,000,000 done steps (ADR 048).
   */
  jobDoneRetentionMs: 24 * 3_600_000,
  /** How often each server's jobs runner deletes rows past their retention (done jobs, expired sessions, old keys). */
  housekeepingEveryMs: 60_000,
  /** Rows one housekeeping statement deletes; a run repeats it until a batch comes back short (ADR 048). */
  housekeepingBatchSize: 2_000,
  // Stopping a server (ADR 048)
  /** After SIGTERM (and any drain delay), how long shutdown may take before the process exits whatever is pending. */
  shutdownGraceMs: 10_000,
  /** How long the last log lines may take to reach a slow reader before the process exits without them. */
  logFlushOnExitMs: 1_000,
  /** Log text queued for a reader that is not keeping up; lines past it are dropped, never waited for. */
  logQueueMaxBytes: 4 * 1024 * 1024,
  // Gear, Telnet Cores, inventory and the Data Exchange (docs/game-rules.md §4–§5, §15; ADR 015)
  /** Gear type weights out of 100 per gear drop; storage is rarer because it compounds (it raises the drop chance itself). */
  gearTypeWeights: { cpu: 30, ram: 30, gpu: 30, storage: 10 },
  /** spec §3 inventory reading: an equipped ram adds statValue / 10 percentage points of crit rate. */
  ramStatPerCritPct: 10,
  /** spec §3 inventory reading: an equipped gpu adds statValue / 20 percentage points of bonus crit. */
  gpuStatPerBonusCritPct: 20,
  /** An equipped storage adds statValue / 20 percentage points of drop rate (itemDropRate 0.1 reads as 10 %). */
  storageStatPerDropRatePct: 20,
  /** Crit chance is criticalRate / 100 (spec §9), so gear can take it to 100 % and no further. */
  maxCriticalRatePct: 100,
  /** Highest effective itemDropRate (3× the default gear chance: 6 % per decode), so storage cannot flood inventories. */
  maxItemDropRate: 0.3,
  /**
   * Telnet Core types (spec §9: the Virus drop weights). Opening one succeeds with successChance and then
   * pays a whole number of Telnet drawn uniformly from minTelnet..maxTelnet; a failure destroys it (spec §4).
   * Expected value per dropped core ≈ 12.6 Telnet ≈ 4 minutes of level-1 play (docs/game-rules.md §4).
   */
  telnetCoreTypes: [
    { id: 1, name: 'T-1', weight: 50, minTelnet: 3, maxTelnet: 8, successChance: 0.9 },
    { id: 2, name: 'T-2', weight: 30, minTelnet: 8, maxTelnet: 20, successChance: 0.8 },
    { id: 3, name: 'T-3', weight: 15, minTelnet: 20, maxTelnet: 50, successChance: 0.7 },
    { id: 4, name: 'T-4', weight: 4, minTelnet: 50, maxTelnet: 125, successChance: 0.6 },
    { id: 5, name: 'T-5', weight: 1, minTelnet: 125, maxTelnet: 300, successChance: 0.5 },
  ],
  /** spec §9: long press on an inventory item starts multi-select after 800 ms. */
  longPressMs: 800,
  /** Items one bulk destroy may name (the whole inventory). */
  bulkDestroyMax: 50,
  /** Inventory and market POSTs (equip, destroy, open, list, buy, remove) one player may make per minute; past it, 429. */
  itemActionsPerMinute: 120,
  /** The 'Inventory Full!' toast repeats at most once per this long. */
  inventoryFullToastGapMs: 60_000,
  /** spec §5/§9: a listing costs at least 1 Telnet. */
  marketMinPriceTelnet: 1,
  /** Highest listing price (≈ 555 hours of play at the 100 % connection-rate ceiling): bounds typos and int4 sums. */
  marketMaxPriceTelnet: 1_000_000,
  /** spec §9: listings expire; unsold items go back to their seller after this many days. */
  marketListingDays: 7,
  /** Percent of a sale's price burned as 'market-fee', rounded up: the market's sink (ADR 051). */
  marketFeePct: 5,
  /** Every sale burns at least this much, so alts cannot pass Telnet to each other through cheap sales for free (ADR 051). */
  marketMinFeeTelnet: 1,
  /** Listings per marketplace page by default, and the most a client may ask for. */
  marketPageSize: 20,
  marketPageSizeMax: 50,
  /** Highest page number accepted (10,000 listings at 1 per page): bounds the server's OFFSET. */
  marketMaxPage: 10_000,
  /** Longest marketplace search text, in characters. */
  marketSearchMaxLength: 40,
  /** While the socket is down, the inventory and Data Exchange refetch this often (nothing polls while it is up). */
  marketPollMs: 15_000,

  // Optimizer and Drone (docs/game-rules.md §16; ADRs 020–022)
  /** Price of the first optimizer upgrade (level 0 → 1): ≈ 7 minutes of level-1 play at 10 %. */
  optimizerBaseCostTelnet: 20,
  /** Each level's upgrade costs this much more than the one before (×1.08: 8,740 Telnet for 79 → 80, 117,738 for all 80 levels — a month of a grinder's income, so the optimizer stays a sink past the first week; ADR 054). */
  optimizerCostGrowth: 1.08,
  /** Minutes the first upgrade takes; each level adds optimizerMinutesPerLevel (79 → 80 takes 159 min). */
  optimizerBaseMinutes: 1,
  optimizerMinutesPerLevel: 2,
  /** spec §9: each optimizer level adds 1 percentage point of connection rate... */
  connectionRateStepPct: 1,
  /** ...and no source ever takes the connection rate past 100 % (spec §9 cap; the optimizer alone reaches 90 %). */
  connectionRateCapPct: 100,
  /** Telnet a single drone purchase may offer (bounds typos; anything past one run's 250 clicks is refunded). */
  droneMaxOfferTelnet: 1_000_000,
  /**
   * Drone decodes pay Telnet at the connection rate up to this percent (ADR 051): with the cores a click
   * may drop (≈ 0.127 Telnet expected), a 1-Telnet click then returns at most ≈ 0.93, never a profit.
   * Only optimizer levels past 70 feel it; their own typing keeps the full rate.
   */
  droneTelnetRateCapPct: 80,
  /** spec §9: the Kernel's zoom runs 0.1× to 30× in steps of 1.5× (the last step stops at 30×). */
  kernelZoomMin: 0.1,
  kernelZoomMax: 30,
  kernelZoomStep: 1.5,
  /** Most grid changes one catch-up answer carries; past it the client loads the snapshot again. */
  kernelChangesMax: 5_000,
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
  /** While the socket is down the Kernel catches up this often (spec §9 polls the grid every 5 s). */
  kernelPollMs: 5_000,
  /**
   * A Kernel season ends once this share of the grid's bits is owned (ADR 053): the last tenth is
   * scattered holes, mostly cheap corners, so a canvas this full has stopped being a place to paint.
   */
  kernelSeasonFullShare: 0.9,
  /** A Kernel season ends at the latest this many days after it began, full or not (ADR 053): a quiet game still gets a fresh canvas. */
  kernelSeasonMaxDays: 14,
  /** Painters named in a season's archive, by bits owned at its end. */
  kernelSeasonTopPainters: 10,
  /** Archived seasons per page of GET /api/kernel/seasons. */
  kernelSeasonsPageSize: 20,
  /** spec §9 Virus packages: a Trojan awards one Telnet Core rolled by the T-1…T-5 weights; prices in US cents. */
  virusPackages: [
    { id: 'single', trojanCount: 1, priceCents: 239 },
    { id: 'bundle', trojanCount: 10, priceCents: 1990 },
  ],
  /** The currency every Virus price is charged in (spec §9: USD). */
  virusCurrency: 'usd',
  /** Default per-player spending limit per UTC day, in cents (VIRUS_DAILY_LIMIT_CENTS overrides): two bundles and a bit. */
  virusDailyLimitCents: 5000,
  /** Seconds a player waits between two started purchases (a double click cannot start two payments). */
  virusCooldownSeconds: 30,
  /** Minutes an unpaid Virus purchase holds its place against the daily limit before it is cancelled at the provider (ADR 046). */
  virusAbandonAfterMinutes: 30,
  /** Purchase-history rows the Virus screen shows, newest first. */
  virusHistoryLimit: 20,
  /** Webhook deliveries one address may make per minute before 429 (the provider retries later). */
  virusWebhooksPerMinute: 600,
  /** Largest webhook body accepted, in bytes: a Stripe event is a few KiB; the API's 16 KiB limit is too tight for some. */
  virusWebhookBodyLimitBytes: 65_536,
} as const;

export type Balance = typeof balance;
