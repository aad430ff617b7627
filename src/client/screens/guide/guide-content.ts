import { balance } from '../../../core/balance';
import { bossRewards } from '../../../core/rules/blockchain';
import { dropRatePercent } from '../../../core/rules/gear-stats';
import { expForLevel, expPerDecode } from '../../../core/rules/exp';
import { moreGuideSections } from './guide-more-sections';

export interface GuideTopic {
  heading: string;
  lines: readonly string[];
}

export interface GuideSection {
  id: string;
  title: string;
  intro: string;
  topics: readonly GuideTopic[];
}

const curveSample = [1, 2, 5, 10, 25, 50]
  .map((level) => `Lv.${level} → ${expForLevel(level).toLocaleString('en-US')}`)
  .join(' · ');

/** The spec's six sections (spec §1), in the game's voice; every fact the spec gives is here. */
const specSections: readonly GuideSection[] = [
  {
    id: 'game-overview',
    title: 'Game Overview',
    intro:
      'Welcome to the grid, operator. You jack into the mainframe, decode its binary, and turn ' +
      'raw data into experience, hardware and Telnet — the only currency anyone here trusts.',
    topics: [
      {
        heading: 'The loop',
        lines: [
          `Type 0 and 1 to fill rows of ${balance.rowLength} digits. Every finished row is one decode (a tap).`,
          'Decodes give experience and levels, drop gear (CPU, RAM, GPU, STORAGE) and drop Telnet Cores.',
          'Telnet buys Kernel bits, drone time, optimizer upgrades and marketplace deals. Other operators can steal it.',
        ],
      },
      {
        heading: 'Experience curve',
        lines: [
          `Level 1 needs ${balance.firstLevelExp} EXP. Every level n above 1 needs floor((n × ${balance.expCurveFactor})^${balance.expCurveExponent}) EXP.`,
          `Sample: ${curveSample}.`,
          `A decode is worth EXP equal to your level (${expPerDecode(1)} at level 1). Excess EXP carries over into the next level.`,
        ],
      },
      {
        heading: 'Gear and stats',
        lines: [
          'CPU raises ATTACK_PWR. RAM raises CRIT_RATE. GPU raises BONUS_CRIT. STORAGE raises DROP_RATE. CONN_RATE sets how much Telnet your decodes earn.',
          `Equipped gear adds: CPU +stat attack; RAM +stat/${balance.ramStatPerCritPct} % crit rate (up ` +
            `to ${balance.maxCriticalRatePct} %); GPU +stat/${balance.gpuStatPerBonusCritPct} % bonus crit; ` +
            `STORAGE +stat/${balance.storageStatPerDropRatePct} % drop rate (up to ` +
            `${dropRatePercent(balance.maxItemDropRate)} %). One item per slot; gear above your level waits until you reach it.`,
          `DROP_RATE starts at ${dropRatePercent(balance.startingItemDropRate)} %: a ` +
            `decode drops gear with a chance of ${dropRatePercent(balance.gearDropChance)} ` +
            `% × DROP_RATE / ${dropRatePercent(balance.startingItemDropRate)} %, and a Telnet Core with ${dropRatePercent(balance.coreDropChance)} %.`,
          'A Telnet Core (T-1 to T-5) pays Telnet when opened — or fails and burns. T-1 is the safest bet, T-5 the richest.',
          'A hit is critical with a chance of CRIT_RATE %; a critical hit deals attack × (2 + BONUS_CRIT / 100), rounded down.',
          `Your inventory holds ${balance.inventoryCapacity} items, gear and cores together. ` +
            `When it is full, new drops are lost: clear the lowest rarity from the Inventory.`,
          `The Data Exchange trades gear and cores for Telnet. Listings last ${balance.marketListingDays} days; unsold items come ` +
            `back. The market burns ${balance.marketFeePct}% of each sale, rounded up, at least ${balance.marketMinFeeTelnet} Telnet.`,
        ],
      },
      {
        heading: 'Ban policy',
        lines: [
          'Accounts may be banned for: multiple accounts per IP, cheating, automation, trading accounts or items, and misuse of the APIs.',
          'Play with your own hands. The mainframe notices inhuman rhythm.',
        ],
      },
    ],
  },
  {
    id: 'mainframe',
    title: 'Mainframe',
    intro:
      'Your home terminal. Stats on the left, the binary decoder in the middle, chat below it and missions beside.',
    topics: [
      {
        heading: 'Binary decoder',
        lines: [
          `The queue holds ${balance.rowQueueSize} rows; phones show ${balance.rowsShownOnPhone}, each as lines of ${balance.digitsPerPhoneLine}.`,
          'Type the highlighted row with the 0 and 1 keys on your keyboard or the buttons on screen.',
          'A wrong digit resets the row and shakes the panel. A finished row counts one decode, leaves, and a fresh random row joins the end of the queue.',
          'When your EXP bar fills, LEVEL UP flashes for two seconds.',
        ],
      },
      {
        heading: 'Daily decode budget',
        lines: [
          `Your first ${balance.fullYieldDecodesPerDay.toLocaleString('en-US')} decodes each ` +
            `UTC day pay Telnet and drop chances in full: about four hours of steady typing.`,
          `Past that, what a decode pays halves with every further ` +
            `${balance.decodeYieldHalfLifeDecodes.toLocaleString('en-US')} decodes. EXP, levels and DECODES always count in full.`,
          'At 00:00 UTC a new day starts, paid in full again.',
          'Timing no human produces (batches like a metronome, or an hour near the decode ' +
            'ceiling) is flagged for a moderator to look at. The flag never changes what you earn.',
        ],
      },
      {
        heading: 'Stats panel',
        lines: [
          'Username, level, the experience bar, DECODES (total taps), TELNET, ATTACK_PWR, CRIT_RATE, BONUS_CRIT and CONN_RATE.',
          'Click the panel to pull a fresh copy of your stats from the server.',
        ],
      },
      {
        heading: 'Missions',
        lines: [
          `${balance.missionCount} beginner missions walk you through the grid. Each pays ${balance.missionRewardTelnet} TELNET.`,
          'Toggle the panel with MISSION / HIDE.',
        ],
      },
      {
        heading: 'Leaderboard',
        lines: [
          `The top ${balance.leaderboardLimit} operators by level or by total decodes. Your own row wears a 'You' badge.`,
        ],
      },
    ],
  },
  {
    id: 'kernel',
    title: 'Kernel (Drone)',
    intro: `The Kernel is a shared ${balance.gridSize}×${balance.gridSize} grid of bits. Claim them with Telnet and paint the city your colour.`,
    topics: [
      {
        heading: 'Bits',
        lines: [
          `A bit costs ${balance.bitPriceCentre} Telnet at the centre (${balance.gridSize / 2}, ` +
            `${balance.gridSize / 2}), falling evenly to ${balance.bitPriceCorner} at a corner.`,
          'Drag to pan, zoom with the buttons, double-click a free bit to buy it. Pick your colour from the presets or the red, green and blue sliders first.',
          'Your bits are outlined; MY BITS jumps back to the newest. The address bar keeps the spot you are looking at: copy it to show someone else.',
        ],
      },
      {
        heading: 'Seasons',
        lines: [
          `The canvas runs in seasons. A season ends when ${Math.round(balance.kernelSeasonFullShare * 100)} % ` +
            `of its bits are owned, or ${balance.kernelSeasonMaxDays} days after it began, whichever comes first.`,
          'Then the canvas is archived as an image with its top painters (ARCHIVE on the Kernel screen), every ' +
            'bit is free again at the same prices, and a new season begins. Within a season an owned bit stays yours.',
        ],
      },
      {
        heading: 'The drone',
        lines: [
          `The drone decodes for you while you are away: ${balance.droneTelnetPerClick} Telnet buys ${balance.droneTelnetPerClick} ` +
            `auto-click every ${balance.droneIntervalSeconds} s for ${balance.droneDurationMinutes} minutes.`,
          `At most ${balance.droneMaxClicksPerInterval} auto-clicks per ${balance.droneIntervalSeconds} s. Unused Telnet is refunded.`,
          'Launch a run from the DRONE card on the OPTIMIZER screen (SYSTEM menu → OPTIMIZER); one run at a time.',
          `Drone decodes earn Telnet at your CONN_RATE, up to ${balance.droneTelnetRateCapPct} %, so a run always ` +
            `costs more Telnet than it brings back, cores included: it buys experience and drops, not profit.`,
          'When a run finishes, the harvest report lists the experience, clicks, level-ups, gear and cores it brought home.',
        ],
      },
    ],
  },
  {
    id: 'terminal',
    title: 'Terminal (PVP & Global Chat)',
    intro: 'A real command line. Talk to the whole grid, guard your own file system, and break into everyone else’s.',
    topics: [
      {
        heading: 'Modes',
        lines: [
          "terminal → 'ssh chatroom' enters the global chat, 'exit' leaves it.",
          "ssh into your own file system as root (read/write), or into another operator's as an intruder (read-only, plus hack).",
          'Commands: scan, ls, cd, mkdir, mv, rm, buy-dir, buy-dir-confirm, hack, status, help, exit.',
          "'scan' lists the operators near your level: who you may hack now, and why the others are protected (new player, level gap, cooldown).",
          'Tab completes commands, usernames and paths; several matches are listed. On a phone the TAB button by the prompt does the same.',
        ],
      },
      {
        heading: 'Intrusions',
        lines: [
          `An SSH intrusion has a ${balance.sshTimeLimitSeconds} s limit. A forced exit ` +
            `locks you out for a ${balance.forcedExitCooldownMinutes}-minute cooldown.`,
          `A successful hack steals ${balance.hackStealPct}% of the victim's Telnet.`,
        ],
      },
      {
        heading: 'Fair play',
        lines: [
          `You cannot hack before level ${balance.hackShieldMinLevel}, and nobody below level ${balance.hackShieldMinLevel} or in their first ` +
            `${balance.hackShieldHours} hours can be hacked. Your first successful hack lifts your own ${balance.hackShieldHours}-hour shield.`,
          `Hacks reach at most ${balance.hackMaxLevelGap} levels either way: an operator more than ` +
            `${balance.hackMaxLevelGap} levels above or below you is out of your reach, and you are out of theirs.`,
          `You can hack the same operator once every ${balance.hackPerVictimWindowHours} hours, and a ` +
            `hacked operator is shielded from everyone for ${balance.hackedVictimShieldMinutes} minutes.`,
        ],
      },
      {
        heading: 'Directories',
        lines: [
          `Directory slots start at ${balance.firstDirectorySlots} and grow with your level.`,
          `The terminal also reads it as a default maximum of ${balance.defaultMaxDirectories} directories, plus extras you can buy with buy-dir.`,
          'Hide your tokens well: every directory is another place an intruder must search.',
        ],
      },
      {
        heading: 'Global chat',
        lines: [
          `Messages are trimmed, empty ones are not sent, and each may be up to ${balance.messageMaxLength} characters.`,
        ],
      },
    ],
  },
  {
    id: 'ping',
    title: 'Ping (Messaging)',
    intro: 'Private lines between operators, driven from a command line.',
    topics: [
      {
        heading: 'Usage',
        lines: [
          'The directory lists operators and who is online.',
          "'cd {username}' opens a chat with that operator; 'exit' goes back to the directory.",
          'You cannot open a chat with yourself.',
          `Messages may be up to ${balance.messageMaxLength} characters. A red '!' on the SYSTEM menu means something unread is waiting.`,
        ],
      },
    ],
  },
  {
    id: 'blockchain',
    title: 'Blockchain Battles',
    intro:
      'A shared boss the whole grid attacks at once. Crack its secret code, Mastermind style, and drain its integrity.',
    topics: [
      {
        heading: 'Cracking the code',
        lines: [
          `The code is digits 0-9, ${balance.defaultCodeLength} characters by default. Every guess ` +
            `costs EXP: your own attack stat (gear included) ÷ ${balance.expCostAttackDivisor}, ` +
            `rounded down, and never less than ${balance.minGuessExpCost}. It comes out of your ` +
            `current level's EXP, so you never lose a level; without enough EXP you cannot guess.`,
          `Each guess reports digits in the right position (filled dot) and right digits in the wrong position (hollow dot). RECENT ATTEMPTS shows the ` +
            `last ${balance.recentAttempts} guesses on the current code by every operator: the whole grid cracks together, and a crack starts a fresh list.`,
          'A correct code deals your attack as damage — critical hits included — and the boss swaps in a new code.',
        ],
      },
      {
        heading: 'Integrity',
        lines: [
          `Each Blockchain is one level higher than the last, with at least ${balance.bossIntegrityPerLevel} × its level integrity.`,
          `A boss that fell fast comes back harder: the next one's integrity is ${balance.bossTargetCracks} times ` +
            `the damage the last one took per crack, at most ${balance.bossIntegrityMaxGrowth}× the last one's.`,
        ],
      },
      {
        heading: 'Rewards and the blacklist',
        lines: [
          `The operator who lands the last hit earns ${balance.bossLastHitRewardPerLevel} × the boss ` +
            `level in Telnet, the one who deals the most damage ${balance.bossMostDamageRewardPerLevel} ` +
            `× the level, up to level ${balance.bossRewardCapLevel}'s ${bossRewards(balance.bossRewardCapLevel).lastHit} ` +
            `and ${bossRewards(balance.bossRewardCapLevel).mostDamage}.`,
          `Boss rewards stop at ${balance.bossDailyRewardCapTelnet.toLocaleString('en-US')} ` +
            `Telnet per operator per day (UTC); a win past it still shows on the card, for +0.`,
          'The blacklist chance grows with your level minus the Blockchain level. A blacklisted operator gets no reward.',
          `A new Blockchain appears ${balance.bossRespawnHours} hours after the previous one is defeated.`,
        ],
      },
    ],
  },
];

/** The guide: the spec's six sections first, then the screens they leave out (ADR 068). */
export const guideSections: readonly GuideSection[] = [...specSections, ...moreGuideSections];
