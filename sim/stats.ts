import { ledgerCategory, refundOf, type LedgerReason } from '../src/core/ledger-reasons';
import type { Behaviour, Player } from './model';
import { incomeReasons } from './model';
import type { World } from './world';

export interface Spread {
  p10: number;
  p50: number;
  p90: number;
}

/** One printed row: the economy at the end of a day. */
export interface DayRow {
  day: number;
  players: number;
  supply: number;
  growthPct: number | null;
  minted: Partial<Record<LedgerReason, number>>;
  burned: Partial<Record<LedgerReason, number>>;
  mintedTotal: number;
  burnedTotal: number;
  /** Telnet that changed hands (market sales and hacks), for scale. */
  moved: number;
  medianBalance: number;
  top1PctBalance: number;
  level: Spread;
  optimizer: Spread;
  canvasSoldPct: number;
  canvasSeasons: number;
  bossLevel: number;
  bossKills: number;
  /** Telnet held by each behaviour's accounts together. */
  heldBy: Partial<Record<Behaviour, number>>;
}

/** The value at a fraction of a sorted list (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { p10: quantile(sorted, 0.1), p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9) };
}

export function dayRow(world: World, previous: DayRow | undefined): DayRow {
  const players = world.players.filter((p) => p.registeredAtMs < world.nowMs);
  const balances = players.map((p) => p.telnet).sort((a, b) => a - b);
  const supply = balances.reduce((a, b) => a + b, 0);
  const minted: DayRow['minted'] = {};
  const burned: DayRow['burned'] = {};
  let moved = 0;
  // By the ledger's own categories (ledger-reasons.ts); a refund is shown netted against the spend it undoes.
  for (const [reason, signed] of world.today) {
    const category = ledgerCategory[reason];
    if (category === 'moved') moved += Math.max(0, signed);
    else if (category === 'minted') minted[reason] = (minted[reason] ?? 0) + signed;
    else {
      const spend = refundOf[reason] ?? reason;
      burned[spend] = (burned[spend] ?? 0) - signed;
    }
  }
  const sum = (r: Partial<Record<LedgerReason, number>>) => Object.values(r).reduce((a, b) => a + b, 0);
  return {
    day: world.day + 1,
    players: players.length,
    supply,
    growthPct: previous && previous.supply > 0 ? ((supply - previous.supply) / previous.supply) * 100 : null,
    minted,
    burned,
    mintedTotal: sum(minted),
    burnedTotal: sum(burned),
    moved,
    medianBalance: quantile(balances, 0.5),
    top1PctBalance: quantile(balances, 0.99),
    level: spread(players.map((p) => p.level)),
    optimizer: spread(players.map((p) => p.optimizerLevel)),
    canvasSoldPct: (world.canvas.soldThisSeason / world.canvas.total) * 100,
    canvasSeasons: world.canvas.seasons,
    bossLevel: world.boss.level,
    bossKills: world.boss.kills,
    heldBy: heldBy(players),
  };
}

function heldBy(players: readonly Player[]): Partial<Record<Behaviour, number>> {
  const held: Partial<Record<Behaviour, number>> = {};
  for (const p of players) held[p.behaviour] = (held[p.behaviour] ?? 0) + p.telnet;
  return held;
}

/** Telnet a player earned by playing (incomeReasons) over days [from, to). */
export function incomeBetween(p: Player, from: number, to: number): number {
  let total = 0;
  for (let d = Math.max(0, from); d < Math.min(to, p.incomeByDay.length); d++) total += p.incomeByDay[d]!;
  return total;
}

/** Everything a player earned by playing, by ledger reason, since the start. */
export function lifetimeIncome(p: Player): number {
  return incomeReasons.reduce((s, r) => s + Math.max(0, p.byReason[r] ?? 0), 0);
}

/** Mean of a figure over the accounts of one behaviour. */
export function meanOf(players: readonly Player[], behaviour: Behaviour, figure: (p: Player) => number): number {
  const group = players.filter((p) => p.behaviour === behaviour);
  return group.length === 0 ? 0 : group.reduce((s, p) => s + figure(p), 0) / group.length;
}
