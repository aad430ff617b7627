/** Gear, Telnet Cores, inventory, the Data Exchange, the Optimizer and the Drone. Part of `balance` (src/core/balance.ts): import `balance`, not this file. */
export const itemsAndOptimizerNumbers = {
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
  /** Longest marketplace search text, in characters. */
  marketSearchMaxLength: 40,
  /** The Data Exchange's price reference averages this many of an item's most recent sales (fewer when it sold less). */
  marketPriceSampleSales: 10,

  // Optimizer and Drone (docs/game-rules.md §16; ADRs 020–022)
  /** Price of the first optimizer upgrade (level 0 → 1): ≈ 7 minutes of level-1 play at 10 %. */
  optimizerBaseCostTelnet: 20,
  /**
   * Each level's upgrade costs this much more than the one before (×1.08: 8,740 Telnet for 79 → 80, 117,738 for
   * all 80 levels — a month of a grinder's income, so the optimizer stays a sink past the first week; ADR 054).
   */
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
  /** The Kernel opens at the first ladder zoom showing a bit at least this many CSS pixels wide (ADR 066). */
  kernelOpenBitPx: 4,
  /** The newest own bits GET /api/grid/mine returns: enough to outline a drawing, never the whole grid (ADR 066). */
  kernelMineMax: 2_000,
  /** Most grid changes one catch-up answer carries; past it the client loads the snapshot again. */
  kernelChangesMax: 5_000,
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
} as const;
