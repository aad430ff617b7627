import { balance } from '../balance';

/** One row of the optimizer's upgrade table: what taking `fromLevel` to `fromLevel + 1` costs and takes. */
export interface OptimizerUpgrade {
  fromLevel: number;
  costTelnet: number;
  durationMinutes: number;
  /** The connection rate after collecting this upgrade (percent). */
  connectionRatePct: number;
}

/** Telnet the upgrade from `level` to `level + 1` costs (spec §9: cost rises with level). */
export function optimizerUpgradeCost(level: number): number {
  return Math.round(balance.optimizerBaseCostTelnet * balance.optimizerCostGrowth ** level);
}

/** Minutes the upgrade from `level` to `level + 1` takes (spec §9: time rises with level, in minutes). */
export function optimizerUpgradeMinutes(level: number): number {
  return balance.optimizerBaseMinutes + balance.optimizerMinutesPerLevel * level;
}

/**
 * The connection rate an optimizer level gives (spec §9, ADR 020): 10 % base plus 1 point per level,
 * never past the 100 % cap. At the max level 80 the optimizer gives 90 %; the cap bounds every source.
 */
export function connectionRateForLevel(level: number): number {
  const lvl = Math.max(0, Math.min(Math.floor(level), balance.optimizerMaxLevel));
  return Math.min(
    balance.connectionRateCapPct,
    balance.startingConnectionRatePct + balance.connectionRateStepPct * lvl,
  );
}

/** The whole table, level 0 → 1 up to 79 → 80: the how-it-works card and docs/game-rules.md §16 show it. */
export const optimizerUpgradeTable: readonly OptimizerUpgrade[] = Array.from(
  { length: balance.optimizerMaxLevel },
  (_, fromLevel) => ({
    fromLevel,
    costTelnet: optimizerUpgradeCost(fromLevel),
    durationMinutes: optimizerUpgradeMinutes(fromLevel),
    connectionRatePct: connectionRateForLevel(fromLevel + 1),
  }),
);

export type OptimizerStartCheck =
  { ok: true; costTelnet: number; durationMs: number } | { ok: false; reason: 'active' | 'max-level' | 'insufficient' };

/** spec §2: start is allowed only when inactive, below level 80 and affordable. */
export function canStartOptimizer(state: { level: number; active: boolean; telnet: number }): OptimizerStartCheck {
  if (state.active) return { ok: false, reason: 'active' };
  if (state.level >= balance.optimizerMaxLevel) return { ok: false, reason: 'max-level' };
  const costTelnet = optimizerUpgradeCost(state.level);
  if (state.telnet < costTelnet) return { ok: false, reason: 'insufficient' };
  return { ok: true, costTelnet, durationMs: optimizerUpgradeMinutes(state.level) * 60_000 };
}

/** Whole seconds left until `endsAtMs` (never negative), as spec §3 timeRemaining counts them. */
export function secondsRemaining(endsAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000));
}
