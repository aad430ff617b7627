/**
 * How many API requests a worker takes at once, moved by how fast it answers (ADR 072, "the bound
 * follows the answers"). A fixed bound assumes one throughput; by Little's law the queue a bound
 * allows is bound ÷ throughput, and throughput changes with the machine, the mix and the neighbours.
 * So the bound is additive-increase / multiplicative-decrease on the answers' p95 over each window:
 * answers slower than the target cut it by a quarter, answers in time under demand raise it by a
 * step, never past the configured ceiling nor under a floor.
 */
export interface LatencyLimitBounds {
  /** The configured SHED_MAX_IN_FLIGHT: the bound never rises past it. */
  ceiling: number;
  /** SHED_TARGET_LATENCY_MS: the p95 of a window's answers the bound aims at. */
  targetMs: number;
  /** The bound never falls under this, so a worker always takes some work. */
  floor: number;
}

export interface LatencyWindow {
  /** Answers completed in the window. */
  answered: number;
  /** Their p95 in ms (0 when none). */
  p95Ms: number;
  /** The most requests in flight at once during the window. */
  peakInFlight: number;
}

/** The bound for the next window. */
export function nextLimit(limit: number, window: LatencyWindow, bounds: LatencyLimitBounds): number {
  // Nothing answered means no evidence either way: a stuck worker is the loop-delay bound's to catch.
  if (window.answered === 0) return limit;
  if (window.p95Ms > bounds.targetMs) return Math.max(bounds.floor, Math.floor(limit * 0.75));
  // Only demand near the bound is a reason to raise it; an idle worker keeps what it has learned.
  if (window.peakInFlight >= limit * 0.8)
    return Math.min(bounds.ceiling, limit + Math.max(1, Math.ceil(bounds.ceiling / 32)));
  return limit;
}

/** Answers kept per window for the p95; past this a window's p95 is that of its first answers. */
const samplesPerWindow = 4096;

export function percentileOf(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The moving bound and the window it learns from. */
export function createLatencyLimit(bounds: LatencyLimitBounds) {
  let limit = bounds.ceiling;
  let samples: number[] = [];
  let peakInFlight = 0;
  return {
    limit: () => limit,
    /** A request was taken; `inFlight` counts it. */
    taken(inFlight: number): void {
      if (inFlight > peakInFlight) peakInFlight = inFlight;
    },
    answered(ms: number): void {
      if (samples.length < samplesPerWindow) samples.push(ms);
    },
    closeWindow(): void {
      limit = nextLimit(limit, { answered: samples.length, p95Ms: percentileOf(samples, 95), peakInFlight }, bounds);
      samples = [];
      peakInFlight = 0;
    },
  };
}

export type LatencyLimit = ReturnType<typeof createLatencyLimit>;
