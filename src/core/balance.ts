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
  /** Login attempts allowed per window, per IP and per login ID. */
  loginAttemptsPerIp: 30,
  loginAttemptsPerLoginId: 8,
  loginWindowMs: 10 * 60_000,

  // Hardening
  /** Largest request body accepted on /api (bytes). */
  apiBodyLimitBytes: 16 * 1024,
  /** Largest inflated secureData payload (bytes): a zip bomb stops here. */
  secureDataMaxInflatedBytes: 16 * 1024,
} as const;

export type Balance = typeof balance;
