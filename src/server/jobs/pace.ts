// How wide the jobs runner works while players are being served (ADR 073, "Yielding to players").
import { infra } from '../../core/infra';

/** What the process's own request shedder sees: requests it is answering and how late its event loop runs. */
export interface ForegroundPressure {
  inFlight: number;
  /** p99 of the event loop's delay over the last window, ms. */
  loopDelayMs: number;
}

export interface PaceBounds {
  /** Batches side by side and jobs per claim at full width. */
  concurrency: number;
  claimSize: number;
  /** From this lag of the oldest job last claimed, the runner works at full width whatever the pressure. */
  yieldUntilLagMs: number;
  /** Event-loop delay from which the process counts as busy with no request in flight. */
  busyLoopDelayMs: number;
}

export interface Pace {
  /** Batches that may run side by side now (at least 1: background work never stops). */
  sideBySide: number;
  /** Jobs the next claim takes (at least 1). */
  claimSize: number;
}

/**
 * Full width when nobody waits on this process. While requests are in flight or the loop runs late,
 * the width grows with the lag, from one batch of a quarter claim (a player's row is held a quarter as
 * long, the loop is blocked a quarter as long) up to full width once the lag reaches yieldUntilLagMs:
 * the runner does what is due without bursts while it keeps up, and catches up at full speed when not.
 */
export function paceJobs(pressure: ForegroundPressure, lagMs: number, bounds: PaceBounds): Pace {
  const full: Pace = { sideBySide: bounds.concurrency, claimSize: bounds.claimSize };
  const busy = pressure.inFlight > 0 || pressure.loopDelayMs >= bounds.busyLoopDelayMs;
  if (!busy || lagMs >= bounds.yieldUntilLagMs) return full;
  const share = Math.max(0, lagMs) / bounds.yieldUntilLagMs;
  return {
    sideBySide: Math.max(1, Math.ceil(bounds.concurrency * share)),
    claimSize: Math.max(1, Math.ceil(bounds.claimSize / 4), Math.ceil(bounds.claimSize * share)),
  };
}

/**
 * The runner's pace: full width without a foreground signal, else paceJobs on how late the oldest job of
 * the latest batch was (how far behind the runner is).
 */
export function createPacer(foreground: (() => ForegroundPressure) | undefined, full: Pace) {
  const bounds: PaceBounds = {
    concurrency: full.sideBySide,
    claimSize: full.claimSize,
    yieldUntilLagMs: infra.jobYieldUntilLagMs,
    busyLoopDelayMs: infra.jobYieldLoopDelayMs,
  };
  let latestLagMs = 0;
  return {
    pace: (): Pace => (foreground ? paceJobs(foreground(), latestLagMs, bounds) : full),
    ranBatch(lagsMs: number[]): void {
      latestLagMs = Math.max(0, ...lagsMs);
    },
  };
}
