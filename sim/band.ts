import { balance } from '../src/core/balance';
import { bossRewards } from '../src/core/rules/blockchain';
import { applyDecodes } from '../src/core/rules/exp';
import { highestReturnPerTelnet, telnetSpends } from '../src/core/rules/telnet-return';
import type { Player } from './model';
import { incomeBetween, quantile, type DayRow } from './stats';
import type { SimResult } from './simulate';

/**
 * The economy band (docs/game-rules.md "Economy band"): what the default mix must show after a month.
 * Each check says what it measured, the limit, and whether it held.
 */
export interface BandCheck {
  name: string;
  measured: string;
  limit: string;
  ok: boolean;
  /** The measured figure as a number, where one number says it (the worst day's growth, a ratio). */
  value?: number;
}

export const bandLimits = {
  /** After day 7, the supply grows at most this much in a day… */
  dailyGrowthPct: 5,
  /** …and at most this many times over the last three weeks. */
  threeWeekGrowth: 3,
  /** The median balance stays under this many hours of the median player's income per hour of play. */
  medianBalanceHours: 3,
  /** The richest 1 % hold at most this many times the median. */
  top1OverMedian: 25,
  /** A script at the ceiling all day earns at most this many times a 4 h/day grinder. */
  scriptOverGrinder: 2,
  /** A new player typing at 0.5 decodes/s reaches level 5 and level 10 within these minutes. */
  level5Minutes: 12,
  level10Minutes: 24,
} as const;

const humans = new Set(['casual', 'grinder', 'drone', 'hacker', 'trader', 'whale']);
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '∞');

/** Minutes a new player typing `perSecond` decodes needs to reach `level`, by the exp rules. */
export function minutesToLevel(level: number, perSecond: number): number {
  let state = { level: 1, currentExp: 0, maxExp: 0 };
  let decodes = 0;
  while (state.level < level) {
    state = applyDecodes(state, 1);
    decodes += 1;
  }
  return decodes / perSecond / 60;
}

/** Telnet per hour of typing of the median human who typed in the last week. */
export function medianHourlyIncome(players: readonly Player[], days: number): number {
  const from = Math.max(0, days - 7);
  const rates = players
    .filter((p) => humans.has(p.behaviour))
    .map((p) => ({
      income: incomeBetween(p, from, days),
      minutes: p.minutesByDay.slice(from, days).reduce((a, b) => a + b, 0),
    }))
    .filter((r) => r.minutes > 0)
    .map((r) => (r.income / r.minutes) * 60)
    .sort((a, b) => a - b);
  return quantile(rates, 0.5);
}

function supplyChecks(rows: readonly DayRow[]): BandCheck[] {
  const late = rows.filter((r) => r.day > 7 && r.growthPct !== null);
  const worstRow = late.reduce<DayRow | null>((m, r) => (m === null || r.growthPct! > m.growthPct! ? r : m), null);
  const over = late.filter((r) => r.growthPct! > bandLimits.dailyGrowthPct).map((r) => r.day);
  const last = rows.at(-1)!;
  // The last three weeks, never reaching back into the launch week.
  const base = rows[Math.min(rows.length - 1, Math.max(7, rows.length - 22))]!;
  const ratio = base.supply > 0 ? last.supply / base.supply : Infinity;
  return [
    {
      name: 'supply growth per day after day 7',
      measured: worstRow
        ? `${fmt(worstRow.growthPct!)} % on day ${worstRow.day}${over.length ? `; over the limit on days ${over.join(', ')}` : ''}`
        : 'run too short',
      limit: `≤ ${bandLimits.dailyGrowthPct} %`,
      ok: over.length === 0,
      value: worstRow?.growthPct ?? 0,
    },
    {
      name: `supply growth day ${base.day} → ${last.day}`,
      measured: `${fmt(ratio, 2)}×`,
      limit: `≤ ${bandLimits.threeWeekGrowth}×`,
      ok: ratio <= bandLimits.threeWeekGrowth,
    },
  ];
}

function wealthChecks(result: SimResult): BandCheck[] {
  const last = result.rows.at(-1)!;
  const hourly = medianHourlyIncome(result.world.players, result.options.days);
  const ratio = last.medianBalance > 0 ? last.top1PctBalance / last.medianBalance : Infinity;
  return [
    {
      name: 'median balance in hours of median income',
      measured: `${last.medianBalance} Telnet = ${fmt(last.medianBalance / hourly, 2)} h (${fmt(hourly, 0)}/h)`,
      limit: `< ${bandLimits.medianBalanceHours} h`,
      ok: last.medianBalance < bandLimits.medianBalanceHours * hourly,
    },
    {
      name: 'top 1 % ÷ median balance',
      measured: fmt(ratio),
      limit: `≤ ${bandLimits.top1OverMedian}`,
      ok: ratio <= bandLimits.top1OverMedian,
    },
  ];
}

function meanIncomeLastWeek(players: readonly Player[], behaviour: string, days: number): number {
  const group = players.filter((p) => p.behaviour === behaviour && p.joinDay <= days - 7);
  return group.length === 0 ? 0 : group.reduce((s, p) => s + incomeBetween(p, days - 7, days), 0) / group.length;
}

function fairnessChecks(result: SimResult): BandCheck[] {
  const { players } = result.world;
  const days = result.options.days;
  const script = meanIncomeLastWeek(players, 'script', days);
  const grinder = meanIncomeLastWeek(players, 'grinder', days);
  const raiders = players.filter((p) => p.behaviour === 'raider');
  const raided = raiders.reduce((s, p) => s + (p.byReason['hack-stolen'] ?? 0), 0);
  const bank = bankAltGain(players);
  const scripts = players.filter((p) => p.behaviour === 'script');
  const flagged = scripts.filter((p) => p.flaggedMachineLike).length;
  return [
    {
      name: 'script ÷ 4 h grinder, Telnet earned in the last week',
      measured: `${fmt(grinder > 0 ? script / grinder : Infinity, 2)}× (${fmt(script, 0)} vs ${fmt(grinder, 0)})`,
      limit: `≤ ${bandLimits.scriptOverGrinder}×`,
      ok: script <= bandLimits.scriptOverGrinder * grinder,
    },
    {
      name: 'scripts flagged as machine-like',
      measured: `${flagged} of ${scripts.length}`,
      limit: 'all',
      ok: flagged === scripts.length,
    },
    {
      name: 'raider kept at a low level: Telnet stolen',
      measured: `${raided} by ${raiders.length} raider(s), level ≤ ${Math.max(...raiders.map((p) => p.level))}`,
      limit: '0',
      ok: raided === 0,
    },
    {
      name: 'bank alt: hack losses avoided, in % of income',
      measured: `${fmt(bank.gainPct, 2)} points (pairs lose ${fmt(bank.pairPct, 2)} %, grinders ${fmt(bank.grinderPct, 2)} %)`,
      limit: '≤ 0',
      ok: bank.gainPct <= 0,
    },
  ];
}

/**
 * What parking Telnet in a shielded alt saves: grinders' hack losses as a share of their income, minus
 * the bank pairs' own losses and market fees as a share of theirs. Positive = the alt pays.
 */
export function bankAltGain(players: readonly Player[]): { gainPct: number; pairPct: number; grinderPct: number } {
  const share = (group: Player[], lost: (p: Player) => number) => {
    const income = group.reduce((s, p) => s + incomeBetween(p, 0, p.incomeByDay.length), 0);
    return income > 0 ? (group.reduce((s, p) => s + lost(p), 0) / income) * 100 : 0;
  };
  const hackLost = (p: Player) => -(p.byReason['hack-lost'] ?? 0);
  const grinderPct = share(
    players.filter((p) => p.behaviour === 'grinder'),
    hackLost,
  );
  const pairPct = share(
    players.filter((p) => p.behaviour === 'bank-main' || p.behaviour === 'bank-alt'),
    (p) => hackLost(p) - (p.byReason['market-fee'] ?? 0),
  );
  return { gainPct: grinderPct - pairPct, pairPct, grinderPct };
}

function bossChecks(result: SimResult): BandCheck[] {
  const total = (level: number) => bossRewards(level).lastHit + bossRewards(level).mostDamage;
  const perKillBounded = total(1_000_000) <= total(10_000);
  return [
    {
      name: 'boss reward per kill bounded',
      measured: `largest kill ${result.world.largestKillReward}; level 10⁴ pays ${total(10_000)}, 10⁶ pays ${total(1_000_000)}`,
      limit: 'stops growing',
      ok: perKillBounded,
    },
    {
      name: 'boss rewards per player per day',
      measured: `largest ${result.world.largestDailyBossReward}`,
      limit: `≤ ${balance.bossDailyRewardCapTelnet} (the daily cap)`,
      ok: result.world.largestDailyBossReward <= balance.bossDailyRewardCapTelnet,
    },
  ];
}

/** No positive loop: every way to spend Telnet returns less than 1 per Telnet at its best level and optimizer level (telnet-return.ts). */
function loopCheck(): BandCheck {
  const worst = telnetSpends
    .map((spend) => ({ spend, ...highestReturnPerTelnet(spend) }))
    .sort((a, b) => b.returnPerTelnet - a.returnPerTelnet)[0]!;
  return {
    name: 'no positive loop: best return per Telnet spent',
    measured: `${worst.returnPerTelnet.toFixed(3)} (${worst.spend} at level ${worst.level}, optimizer ${worst.optimizerLevel})`,
    limit: '< 1',
    ok: worst.returnPerTelnet < 1,
  };
}

function paceChecks(): BandCheck[] {
  const l5 = minutesToLevel(5, 0.5);
  const l10 = minutesToLevel(10, 0.5);
  return [
    {
      name: 'new player: level 5 at 0.5 decodes/s',
      measured: `${fmt(l5)} min`,
      limit: `≤ ${bandLimits.level5Minutes} min`,
      ok: l5 <= bandLimits.level5Minutes,
    },
    {
      name: 'new player: level 10 at 0.5 decodes/s',
      measured: `${fmt(l10)} min`,
      limit: `≤ ${bandLimits.level10Minutes} min`,
      ok: l10 <= bandLimits.level10Minutes,
    },
  ];
}

/** Every check of the band against one run. */
export function checkBand(result: SimResult): BandCheck[] {
  return [
    ...supplyChecks(result.rows),
    ...wealthChecks(result),
    loopCheck(),
    ...fairnessChecks(result),
    ...bossChecks(result),
    ...paceChecks(),
  ];
}
