import { balance } from '../src/core/balance';
import type { GearType } from '../src/core/items';
import type { LedgerReason } from '../src/core/ledger-reasons';
import type { DecodeDayCounter } from '../src/core/rules/decode-budget';
import { emptyDecodeTiming, type DecodeTimingState } from '../src/core/rules/decode-timing';
import type { TapBucket } from '../src/core/rules/tap-rate';
import type { CombatStats, EquippedGear } from '../src/core/rules/gear-stats';

/** The behaviours the simulation plays (the mix and what each does: sim/mix.ts, docs/game-rules.md "Economy band"). */
export const behaviours = [
  'casual',
  'grinder',
  'drone',
  'hacker',
  'trader',
  'whale',
  'script',
  'raider',
  'bank-main',
  'bank-alt',
] as const;
export type Behaviour = (typeof behaviours)[number];

export const minuteMs = 60_000;
export const dayMs = 24 * 60 * minuteMs;

/** A piece of gear as the simulation keeps it: what effectiveStats reads, plus its level for the equip rule. */
export interface HeldGear extends EquippedGear {
  level: number;
}

/** One simulated account: the columns of the users row the rules read, and the counters the report needs. */
export interface Player {
  id: number;
  behaviour: Behaviour;
  joinDay: number;
  registeredAtMs: number;
  /** Minute of the UTC day the player's session usually starts. */
  sessionStartMinute: number;
  level: number;
  currentExp: number;
  telnet: number;
  telnetCents: number;
  optimizerLevel: number;
  optimizerEndsAtMs: number | null;
  extraDirectories: number;
  equipped: Partial<Record<GearType, HeldGear>>;
  stats: CombatStats;
  tapBucket: TapBucket;
  /** Typed decodes counted for the daily budget (decode-budget.ts), and the machine-like timing watch. */
  decodeCounter: DecodeDayCounter;
  decodeTiming: DecodeTimingState;
  flaggedMachineLike: boolean;
  /** Terminal state the hack rules read. */
  hackedShieldUntilMs: number | null;
  /** The player has made a successful hack (it lifts their own new-player shield). */
  hasHacked: boolean;
  sshCooldownUntilMs: number;
  lastHackOfVictimMs: Map<number, number>;
  /** Virus shop: cents started today and when the last purchase started. */
  virusSpentTodayCents: number;
  virusLastStartedAtMs: number | null;
  missionsPaid: boolean;
  /** The bank alt of a bank-main, or the main of a bank-alt. */
  partnerId: number | null;
  /** Ledger totals for this player by reason (signed), since the start. */
  byReason: Partial<Record<LedgerReason, number>>;
  /** Per day: Telnet earned by play (INCOME_REASONS) and minutes spent typing. */
  incomeByDay: number[];
  minutesByDay: number[];
  decodesByDay: number[];
  /** Whether the player plays today, and for how many 5-minute steps from their start. */
  playsToday: boolean;
  sessionSteps: number;
}

/** The reasons that count as Telnet a player earned by playing (the script-versus-grinder and income figures). */
export const incomeReasons: readonly LedgerReason[] = ['decode', 'core-open', 'boss-reward', 'mission', 'hack-stolen'];

export function baseStats(): CombatStats {
  return {
    attack: balance.startingAttack,
    criticalRate: balance.startingCriticalRatePct,
    bonusCriticalHit: balance.startingBonusCriticalHitPct,
    itemDropRate: balance.startingItemDropRate,
  };
}

export function newPlayer(
  id: number,
  behaviour: Behaviour,
  joinDay: number,
  sessionStartMinute: number,
  days: number,
): Player {
  const registeredAtMs = joinDay * dayMs + sessionStartMinute * minuteMs;
  return {
    id,
    behaviour,
    joinDay,
    registeredAtMs,
    sessionStartMinute,
    level: 1,
    currentExp: 0,
    telnet: 0,
    telnetCents: 0,
    optimizerLevel: 0,
    optimizerEndsAtMs: null,
    extraDirectories: 0,
    equipped: {},
    stats: baseStats(),
    tapBucket: { tokens: balance.tapBurstCapacity, updatedAtMs: registeredAtMs },
    decodeCounter: { day: 0, decodes: 0 },
    decodeTiming: emptyDecodeTiming,
    flaggedMachineLike: false,
    hackedShieldUntilMs: null,
    hasHacked: false,
    sshCooldownUntilMs: 0,
    lastHackOfVictimMs: new Map(),
    virusSpentTodayCents: 0,
    virusLastStartedAtMs: null,
    missionsPaid: false,
    partnerId: null,
    byReason: {},
    incomeByDay: new Array<number>(days).fill(0),
    minutesByDay: new Array<number>(days).fill(0),
    decodesByDay: new Array<number>(days).fill(0),
    playsToday: false,
    sessionSteps: 0,
  };
}
