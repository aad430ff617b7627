/**
 * Decoding, experience, drops, the tap-rate ceiling, the daily decode budget and the client's tap queue.
 * Part of `balance` (src/core/balance.ts): import `balance`, not this file.
 */
export const decodingNumbers = {
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

  // spec §9: stats-refresh rule (client replaces its prediction when the server differs this much)
  reconcileExpTolerance: 50,
  reconcileTapsTolerance: 10,

  // spec §9 leaderboard
  leaderboardLimit: 30,
} as const;
