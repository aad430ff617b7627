/** Optimizer and Drone (spec §2 Optimizer screen, the 'Drone harvest complete' dialog, §8). Spec-quoted texts first. */
export const optimizerTexts = {
  // spec §8 / §2, verbatim
  upgradeFailed: 'Upgrade Failed',
  collectionFailed: 'Collection Failed',
  notEnoughTelnet: 'Not enough telnet!',
  requirementsNotMet: 'Requirements not met',
  harvestTitle: 'Drone harvest complete',

  // Screen labels
  title: 'OPTIMIZER',
  tagline: 'overclock the uplink — every level is one more point of connection rate',
  statusCard: 'STATUS',
  nextUpgradeCard: 'NEXT UPGRADE',
  howItWorksCard: 'HOW IT WORKS',
  level: 'OPTIMIZER LEVEL',
  connectionRate: 'CONNECTION RATE',
  state: 'STATE',
  idle: 'IDLE',
  active: 'UPGRADING',
  ready: 'READY TO COLLECT',
  maxed: 'MAX LEVEL',
  timeRemaining: 'TIME REMAINING',
  cost: 'COST',
  duration: 'DURATION',
  gain: 'GAIN',
  gainValue: '+1% connection rate',
  start: 'START UPGRADE',
  starting: 'STARTING...',
  collect: 'COLLECT',
  collecting: 'COLLECTING...',
  maxLevelReached: 'Max level 80 reached: the optimizer is fully tuned.',
  upgradeRunning: 'An upgrade is running: collect it when the time is up, then start the next.',
  afterRunning: (from: number, to: number) => `AFTER THE RUNNING ONE: LV.${from} → LV.${to}`,
  lastUpgradeRunning: 'The running upgrade is the last: it takes the optimizer to its max level, 80.',
  howItWorks: [
    'Each upgrade costs Telnet, paid when it starts, and runs on the server for the time shown.',
    'When the time is up, collect it: +1% connection rate and optimizer level +1. The server collects it for you if you are away.',
    'Connection rate starts at 10.00% and is what a decode pays in hundredths of a ' +
      'Telnet. The optimizer tops out at level 80 (90%); no source ever goes past 100%.',
  ],
  tableCaption: 'Upgrade table: cost and time for each level',
  tableLevel: 'LEVEL',
  tableCost: 'COST (TELNET)',
  tableTime: 'TIME',
  tableRate: 'RATE AFTER',
  collected: (rate: string) => `Upgrade collected: connection rate ${rate}`,
  started: (minutes: number) => `Upgrade started: ${minutes} min`,
  activeRefusal: 'An upgrade is already running',
  maxLevelRefusal: 'The optimizer is at its max level (80)',
  nothingToCollect: 'No upgrade is ready to collect yet',

  // Drone (the Kernel guide's Drone section, spec §1)
  droneCard: 'DRONE',
  droneHelp:
    '1 Telnet buys 1 auto-click. A run lasts 5 minutes: up to 25 auto-clicks every 30 s (250 per ' +
    'run). Unused Telnet is refunded. Drone decodes earn Telnet at your connection rate, at most 80%.',
  droneTelnetLabel: 'Telnet to spend',
  droneBuy: 'LAUNCH DRONE',
  droneBuying: 'LAUNCHING...',
  droneActive: (done: number, total: number) => `Drone running: ${done}/${total} auto-clicks`,
  droneIdle: 'Drone idle',
  droneBusy: 'A drone run is already active',
  /** `refund` comes formatted by the screen (one Telnet format, ADR 068); '0' means nothing came back. */
  droneLaunched: (clicks: number, refund: string) =>
    refund !== '0'
      ? `Drone launched: ${clicks} auto-clicks, ${refund} Telnet refunded`
      : `Drone launched: ${clicks} auto-clicks`,
  droneNoHarvest: 'No drone harvest waiting',
  droneInsufficient: (n: number) => `Not enough telnet! (${n} short)`,

  // Harvest dialog (spec §2)
  harvestExperience: 'EXPERIENCE GAINED',
  harvestClicks: 'CLICKS PROCESSED',
  harvestLevelUp: 'LEVEL UP',
  harvestLevelsGained: (n: number) => `+${n} levels`,
  harvestGear: 'GEAR ACQUIRED',
  harvestCores: 'TELNET CORES ACQUIRED',
  harvestTotalItems: 'TOTAL ITEMS',
  harvestTelnet: 'TELNET EARNED',
  harvestLost: (n: number) => `${n} drops lost: inventory full`,
  harvestClose: 'CONTINUE',
} as const;
