import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import { optimizerUpgradeCost } from '../../../core/rules/optimizer';
import { formatUsd, packageFor } from '../../../core/rules/virus';
import type { GuideSection } from './guide-content';

const singlePrice = formatUsd(packageFor(1)!.priceCents);
const bundlePrice = formatUsd(packageFor(10)!.priceCents);

/**
 * The screens the spec's six guide sections leave out (ADR 068), in plain words: what each is for and
 * how it behaves, with the numbers from the balance module, never a formula (docs/game-rules.md has those).
 */
export const moreGuideSections: readonly GuideSection[] = [
  {
    id: 'inventory',
    title: 'Inventory',
    intro: `Everything you carry: gear and unopened Telnet Cores, ${balance.inventoryCapacity} items in all. SYSTEM menu → INVENTORY.`,
    topics: [
      {
        heading: 'Gear',
        lines: [
          'EQUIP puts a piece in its slot (CPU, RAM, GPU or STORAGE) and your stats rise at ' +
            'once. A new piece in a taken slot replaces the old one, which goes back to your bag.',
          'Gear above your level shows the level it needs; it waits in your bag until you get there.',
        ],
      },
      {
        heading: 'Telnet Cores',
        lines: [
          'OPEN a core to try it: it either pays Telnet into your balance or fails and is gone. Higher tiers pay more and fail more often.',
          'A core opens only once, so you may also keep it to sell on the Data Exchange.',
        ],
      },
      {
        heading: 'Making room',
        lines: [
          `At ${balance.inventoryCapacity} items new drops are lost, so clear space ` +
            `before you hunt. Items listed for sale still take their place until they sell.`,
          `DESTROY removes one item; hold an item for ${balance.longPressMs / 1000} s (or press S on it) to select ` +
            `several and destroy them together. CLEAR picks every spare piece of your lowest rarity in one go.`,
          'Equipped and listed items are never destroyed by mistake: take them off or out of the market first.',
        ],
      },
    ],
  },
  {
    id: 'data-exchange',
    title: 'Data Exchange',
    intro:
      'The players’ market: sell gear and cores you do not need, buy what others offer. SYSTEM menu → DATA EXCHANGE.',
    topics: [
      {
        heading: 'Selling',
        lines: [
          'Pick an item, set a price in whole Telnet and list it. The item leaves your hands while it waits, but still counts in your inventory.',
          `A listing lasts ${balance.marketListingDays} days; if nobody buys it, the ` +
            `item comes back to you. You can take it off the market any time before that.`,
          `When it sells, the market keeps a small fee (${balance.marketFeePct} %, at least ` +
            `${balance.marketMinFeeTelnet} Telnet) and you get the rest. You hear of the sale on any screen.`,
        ],
      },
      {
        heading: 'Buying',
        lines: [
          'Search by name or seller, filter by type and rarity, sort by price. BUY pays the seller and puts the item in your inventory in one step.',
          'You need the Telnet and a free inventory slot first; nothing is paid when either ' +
            'is missing. Your own listings cannot be bought back — remove them instead.',
        ],
      },
    ],
  },
  {
    id: 'optimizer-drone',
    title: 'Optimizer and Drone',
    intro: 'Two ways to put Telnet to work, both on one screen: SYSTEM menu → OPTIMIZER.',
    topics: [
      {
        heading: 'The optimizer',
        lines: [
          `Your connection rate decides how much Telnet each decode pays. It starts at ${balance.startingConnectionRatePct} %, ` +
            `and every optimizer upgrade adds ${balance.connectionRateStepPct} point, up to level ${balance.optimizerMaxLevel}.`,
          `START UPGRADE pays at once and then runs on the server: the first costs ${optimizerUpgradeCost(0)} ` +
            `Telnet and a minute; later ones cost more and take longer. The table on the screen lists every step.`,
          'Only one upgrade runs at a time. When its time is up, COLLECT it — or let the server collect it for you while you are away.',
          'An upgrade pays nothing back by itself: it makes every decode you type afterwards worth more.',
        ],
      },
      {
        heading: 'The drone',
        lines: [
          'The DRONE card on the Optimizer screen is where you buy a drone run: type how much Telnet to spend and press LAUNCH DRONE.',
          `It decodes for you for ${balance.droneDurationMinutes} minutes, even with the game closed, ` +
            `and brings back experience, levels and drops; a report waits for you when it is done.`,
          'It always costs more Telnet than it earns: buy it for experience and loot, not for profit. The Kernel (Drone) section has its exact numbers.',
        ],
      },
    ],
  },
  {
    id: 'virus',
    title: 'Virus',
    intro:
      'The real-money shop: Trojans, each of which brings one Telnet Core. SYSTEM menu → VIRUS. Nothing here is needed to play.',
    topics: [
      {
        heading: 'Buying',
        lines: [
          `One Trojan costs ${singlePrice}; a bundle of 10 costs ${bundlePrice}. Each Trojan runs ` +
            `once and puts one Telnet Core in your inventory, rolled with the odds shown on the screen.`,
          'A core bought here is the same as one found by decoding: it may pay little, or fail when opened.',
          'You need a free inventory slot for every Trojan before you buy.',
        ],
      },
      {
        heading: 'Limits that protect you',
        lines: [
          `You can spend at most ${formatUsd(balance.virusDailyLimitCents)} a day (it resets at 00:00 UTC), ` +
            `and start one purchase every ${balance.virusCooldownSeconds} s: the buy buttons count the wait down.`,
          'A declined card is told in the payment dialog; try another card there, or cancel. ' +
            'A refunded or disputed payment takes back the cores from it that are still unopened.',
        ],
      },
    ],
  },
  {
    id: 'hacking-protections',
    title: 'Hacking protections',
    intro: 'Who can break into whom in the Terminal, and what keeps new and weaker operators safe.',
    topics: [
      {
        heading: 'New operators',
        lines: [
          `Nobody can hack before level ${balance.hackShieldMinLevel}, and nobody can be hacked below ` +
            `level ${balance.hackShieldMinLevel} or in their first ${balance.hackShieldHours} hours.`,
          'Your own hack ends that first-day shield early: once you have hacked someone, others may hack you.',
        ],
      },
      {
        heading: 'Fair matches',
        lines: [
          `You can only reach operators within ${balance.hackMaxLevelGap} levels of yours, up or down — and only they can reach you.`,
          `You can rob the same operator once a day (${balance.hackPerVictimWindowHours} hours). Someone ` +
            `who was just hacked is safe from everyone for ${balance.hackedVictimShieldMinutes} minutes.`,
        ],
      },
      {
        heading: 'After a break-in',
        lines: [
          `A break-in lasts at most ${balance.sshTimeLimitSeconds} s. A successful hack takes ${balance.hackStealPct} % of the victim's Telnet ` +
            `and forces the attacker out, and a forced exit locks them out of every other system for ${balance.forcedExitCooldownMinutes} minutes.`,
          `The same attacker cannot come back into the same system for ${balance.intrusionCooldownMinutes} minutes after any visit.`,
          "Your 'status' command in the Terminal lists who broke in, when, and how it ended. " +
            'Hide your Token deep in directories: an intruder has to find it within the time limit.',
        ],
      },
    ],
  },
  {
    id: 'activity-log',
    title: 'Activity log',
    intro: 'What happened to you while you were away: the LOG button in the top bar, with a count of what is new.',
    topics: [
      {
        heading: 'What it lists',
        lines: [
          'Items of yours sold on the Data Exchange (which item), break-ins and the Telnet they took (and who), ' +
            'your drone harvests (one line per run), boss defeats you shared in, and mission rewards (which mission).',
          'Your own decodes and purchases are not in it: you were there for those.',
        ],
      },
      {
        heading: 'Read once',
        lines: [
          `Opening the log marks what it shows as read, on every tab; the count in the top ` +
            `bar clears. It keeps the newest ${infra.activityPageMax} entries you have not read.`,
        ],
      },
    ],
  },
];
