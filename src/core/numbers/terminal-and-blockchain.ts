/** The drone's spec numbers, the Terminal and the Blockchain. Part of `balance` (src/core/balance.ts): import `balance`, not this file. */
export const terminalAndBlockchainNumbers = {
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
  /** Operators scan lists at most: the nearest in level first, so a short list still shows who is fair game (ADR 067). */
  scanLimit: 20,
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
  /**
   * spec §4/§9: the screen ignores server data for 500 ms after a guess and refetches 300 ms after it; the server
   * refuses a player's guesses closer together than this.
   */
  guessIgnoreWindowMs: 500,
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
} as const;
