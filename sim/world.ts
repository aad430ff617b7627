import type { LedgerReason } from '../src/core/ledger-reasons';
import { dayMs, incomeReasons, type Player } from './model';
import type { BossState } from './boss';
import type { Canvas } from './kernel';
import type { Listing } from './market';

/** The whole simulated game at one moment: players, the shared boss, canvas and market, and today's ledger. */
export interface World {
  random: () => number;
  days: number;
  nowMs: number;
  day: number;
  players: Player[];
  byId: Map<number, Player>;
  canvas: Canvas;
  boss: BossState;
  listings: Listing[];
  /** Today's ledger: signed Telnet per reason (credits positive, debits negative). */
  today: Map<LedgerReason, number>;
  /** Today's boss rewards per player, and the largest single kill's rewards so far. */
  bossRewardToday: Map<number, number>;
  largestKillReward: number;
  largestDailyBossReward: number;
}

const isIncome = new Set(incomeReasons);

function record(world: World, player: Player, reason: LedgerReason, signed: number): void {
  player.telnet += signed;
  player.byReason[reason] = (player.byReason[reason] ?? 0) + signed;
  world.today.set(reason, (world.today.get(reason) ?? 0) + signed);
  if (isIncome.has(reason) && signed > 0 && world.day < player.incomeByDay.length)
    player.incomeByDay[world.day]! += signed;
}

/** The wallet's credit: a whole positive amount and its ledger row. */
export function credit(world: World, player: Player, reason: LedgerReason, amount: number): void {
  if (amount <= 0) return;
  record(world, player, reason, amount);
}

/** The wallet's conditional debit: refused (false, nothing changes) when the balance is short. */
export function debit(world: World, player: Player, reason: LedgerReason, amount: number): boolean {
  if (amount <= 0) return true;
  if (player.telnet < amount) return false;
  record(world, player, reason, -amount);
  return true;
}

/** The wallet's transfer: the payer's debit and the payee's credit, each with its reason. */
export function transfer(
  world: World,
  from: Player,
  to: Player,
  amount: number,
  reasons: { from: LedgerReason; to: LedgerReason },
): boolean {
  if (!debit(world, from, reasons.from, amount)) return false;
  credit(world, to, reasons.to, amount);
  return true;
}

/** Players who have registered by now. */
export function joined(world: World): Player[] {
  return world.players.filter((p) => p.registeredAtMs <= world.nowMs);
}

export function dayOf(ms: number): number {
  return Math.floor(ms / dayMs);
}
