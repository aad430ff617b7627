import type { Behaviour } from './model';

/**
 * What each behaviour does in a day. These are the simulation's assumptions about people (and
 * programs), not game rules; docs/game-rules.md "Economy band" lists them with the default mix.
 */
export interface Profile {
  /** Accounts of this behaviour per 1,000 players (the default mix). */
  per1000: number;
  /** Minutes a day spent typing decodes (scripts: all day). */
  typingMinutes: number;
  /** Decodes a second while typing: 0.5 is the guide's human pace; a practised grinder manages 1. */
  decodesPerSecond: number;
  /** Chance of playing on a given day. */
  playChance: number;
  /** Chance of spending a 5-minute step at the Blockchain while playing, and guesses per second there. */
  bossChance: number;
  guessesPerSecond: number;
  /** Share of the Telnet above the next optimizer upgrade spent on Kernel bits at the end of a session. */
  kernelShare: number;
  /** Extra directories bought once affordable (at three times their price). */
  extraDirectoriesWanted: number;
  /** Minutes a day the drone idler keeps drone runs going after typing. */
  droneMinutes: number;
  /** Minutes a day at the Terminal hunting Tokens. */
  hackingMinutes: number;
  /** Every account of the behaviour registers on day 0 (the others join over the launch week). */
  joinsFirstDay: boolean;
}

const human = {
  playChance: 0.85,
  bossChance: 0.15,
  guessesPerSecond: 1 / 15,
  droneMinutes: 0,
  hackingMinutes: 0,
  joinsFirstDay: false,
};

export const profiles: Record<Behaviour, Profile> = {
  casual: {
    ...human,
    per1000: 600,
    typingMinutes: 30,
    decodesPerSecond: 0.5,
    playChance: 0.75,
    kernelShare: 0.5,
    extraDirectoriesWanted: 1,
  },
  grinder: {
    ...human,
    per1000: 150,
    typingMinutes: 240,
    decodesPerSecond: 1,
    bossChance: 0.25,
    kernelShare: 0.5,
    extraDirectoriesWanted: 2,
  },
  drone: {
    ...human,
    per1000: 80,
    typingMinutes: 30,
    decodesPerSecond: 0.5,
    kernelShare: 0.2,
    extraDirectoriesWanted: 1,
    droneMinutes: 120,
  },
  hacker: {
    ...human,
    per1000: 60,
    typingMinutes: 60,
    decodesPerSecond: 0.5,
    kernelShare: 0.3,
    extraDirectoriesWanted: 2,
    hackingMinutes: 60,
  },
  trader: {
    ...human,
    per1000: 50,
    typingMinutes: 60,
    decodesPerSecond: 0.5,
    kernelShare: 0.3,
    extraDirectoriesWanted: 1,
  },
  whale: {
    ...human,
    per1000: 40,
    typingMinutes: 30,
    decodesPerSecond: 0.5,
    kernelShare: 0.6,
    extraDirectoriesWanted: 2,
  },
  script: {
    ...human,
    per1000: 5,
    typingMinutes: 24 * 60,
    decodesPerSecond: 10,
    playChance: 1,
    bossChance: 1,
    guessesPerSecond: 2,
    kernelShare: 0,
    extraDirectoriesWanted: 5,
    joinsFirstDay: true,
  },
  raider: {
    ...human,
    per1000: 5,
    typingMinutes: 0,
    decodesPerSecond: 0,
    playChance: 1,
    bossChance: 0,
    kernelShare: 0,
    extraDirectoriesWanted: 0,
    hackingMinutes: 240,
    joinsFirstDay: true,
  },
  'bank-main': {
    ...human,
    per1000: 5,
    typingMinutes: 240,
    decodesPerSecond: 1,
    playChance: 1,
    bossChance: 0,
    kernelShare: 0,
    extraDirectoriesWanted: 0,
    joinsFirstDay: true,
  },
  'bank-alt': {
    ...human,
    per1000: 5,
    typingMinutes: 5,
    decodesPerSecond: 0.5,
    playChance: 1,
    bossChance: 0,
    kernelShare: 0,
    extraDirectoriesWanted: 0,
    joinsFirstDay: true,
  },
};

/** Whole accounts per behaviour for `players` accounts, by largest remainder so they add up exactly. */
export function mixCounts(players: number): Record<Behaviour, number> {
  const entries = Object.entries(profiles) as [Behaviour, Profile][];
  const exact = entries.map(([b, p]) => [b, (p.per1000 * players) / 1000] as const);
  const counts = Object.fromEntries(exact.map(([b, x]) => [b, Math.floor(x)])) as Record<Behaviour, number>;
  let left = players - Object.values(counts).reduce((a, b) => a + b, 0);
  const byRemainder = [...exact].sort((a, b) => b[1] - Math.floor(b[1]) - (a[1] - Math.floor(a[1])));
  for (const [b] of byRemainder) {
    if (left <= 0) break;
    counts[b] += 1;
    left -= 1;
  }
  // Every special account exists in a short run too, and a bank alt always has its main.
  for (const b of ['script', 'raider', 'bank-main'] as const)
    if (counts[b] === 0) {
      counts[b] = 1;
      counts.casual -= 1;
    }
  counts['bank-alt'] = counts['bank-main'];
  counts.casual =
    players -
    Object.entries(counts)
      .filter(([b]) => b !== 'casual')
      .reduce((a, [, n]) => a + n, 0);
  return counts;
}
