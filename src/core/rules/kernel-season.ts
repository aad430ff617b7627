import { balance } from '../balance';
import { bitPrice } from './kernel';

/** What decides whether a Kernel season is over (ADR 053): plain numbers, so the simulation calls it too. */
export interface SeasonClock {
  /** Bits owned in the current season. */
  ownedBits: number;
  /** Bits on the grid (800 × 800). */
  totalBits: number;
  /** When the season began, ms since the epoch. */
  startedAtMs: number;
  /** Now, ms since the epoch. */
  nowMs: number;
}

const dayMs = 86_400_000;

/** The number of owned bits at which a season is full: the share of the grid, rounded up. */
export function seasonFullBits(totalBits: number): number {
  return Math.ceil(totalBits * balance.kernelSeasonFullShare);
}

/** When a season begun at `startedAtMs` ends at the latest, whatever is bought. */
export function seasonDeadlineMs(startedAtMs: number): number {
  return startedAtMs + balance.kernelSeasonMaxDays * dayMs;
}

/**
 * A season ends when its canvas is nearly full (at least `kernelSeasonFullShare` of the bits owned)
 * or when it has lasted `kernelSeasonMaxDays`, whichever comes first (ADR 053).
 */
export function seasonShouldEnd(clock: SeasonClock): boolean {
  return clock.ownedBits >= seasonFullBits(clock.totalBits) || clock.nowMs >= seasonDeadlineMs(clock.startedAtMs);
}

/** How full a season's canvas is, 0–1 (the Kernel screen shows it as a percentage). */
export function seasonFullness(ownedBits: number, totalBits: number): number {
  return totalBits > 0 ? Math.min(1, Math.max(0, ownedBits / totalBits)) : 0;
}

let fullPrice: number | null = null;

/** The Telnet the whole grid costs at spec §9's prices: the most one season can burn (computed once). */
export function canvasFullPrice(): number {
  if (fullPrice === null) {
    let sum = 0;
    for (let y = 0; y < balance.gridSize; y++) for (let x = 0; x < balance.gridSize; x++) sum += bitPrice(x, y);
    fullPrice = sum;
  }
  return fullPrice;
}
