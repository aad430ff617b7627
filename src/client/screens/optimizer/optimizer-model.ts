import type { OptimizerStatus } from '../../../core/api/optimizer';
import { optimizerUpgradeCost, optimizerUpgradeMinutes } from '../../../core/rules/optimizer';
import { texts } from '../../../core/texts';

const t = texts.optimizer;

/** Why START is off: a refusal (red, the spec's words) or a running upgrade, which is no fault of the player's. */
export type StartButton =
  { enabled: true; label: string } | { enabled: false; label: string; reason: string; tone: 'refused' | 'running' };

/**
 * spec §2: start only when inactive, below level 80 and affordable; otherwise 'Not enough telnet!' or
 * 'Requirements not met'. While an upgrade runs it says so, calmly, instead of a red refusal.
 */
export function startButton(status: OptimizerStatus, telnet: number): StartButton {
  if (status.isActive) return { enabled: false, label: t.start, reason: t.upgradeRunning, tone: 'running' };
  if (status.nextUpgradeCost === null)
    return { enabled: false, label: t.start, reason: t.requirementsNotMet, tone: 'refused' };
  if (telnet < status.nextUpgradeCost)
    return { enabled: false, label: t.start, reason: t.notEnoughTelnet, tone: 'refused' };
  return { enabled: true, label: t.start };
}

/** The step the NEXT UPGRADE card shows: from `fromLevel`, its cost and minutes; null when none is left. */
export interface UpgradeStep {
  fromLevel: number;
  costTelnet: number;
  minutes: number;
  /** True when it follows the upgrade running now (the server's figures name the running one). */
  afterRunning: boolean;
}

/** The next upgrade the player can start: while one runs, the step after it; null past the max level. */
export function nextStep(status: OptimizerStatus): UpgradeStep | null {
  const fromLevel = status.isActive ? status.currentLevel + 1 : status.currentLevel;
  if (fromLevel >= status.maxLevel) return null;
  if (!status.isActive && status.nextUpgradeCost !== null && status.nextUpgradeTime !== null) {
    return { fromLevel, costTelnet: status.nextUpgradeCost, minutes: status.nextUpgradeTime, afterRunning: false };
  }
  return {
    fromLevel,
    costTelnet: optimizerUpgradeCost(fromLevel),
    minutes: optimizerUpgradeMinutes(fromLevel),
    afterRunning: status.isActive,
  };
}

/** The server's clock minus this tab's when a status arrived: countdowns run on the server's time. */
export function clockOffsetMs(serverNow: number, receivedAtMs: number): number {
  return serverNow - receivedAtMs;
}

/** Milliseconds left until the server's end time, seen from this tab's clock plus the offset. */
export function msRemaining(endsAt: number | null, localNowMs: number, offsetMs: number): number {
  return endsAt === null ? 0 : Math.max(0, endsAt - (localNowMs + offsetMs));
}

/** HH:MM:SS (or MM:SS under an hour) for a countdown, rounding up so 0 shows only when it is done. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The status card's state word. */
export function stateLabel(status: OptimizerStatus, remainingMs: number): string {
  if (status.isActive) return remainingMs > 0 ? t.active : t.ready;
  return status.nextUpgradeCost === null ? t.maxed : t.idle;
}

/** Connection rate as the spec writes it: two decimals and a percent sign (10.00 %). */
export function formatRate(ratePct: number): string {
  return `${ratePct.toFixed(2)}%`;
}

/** Minutes as the table shows them: '45 min', '2 h 39 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
