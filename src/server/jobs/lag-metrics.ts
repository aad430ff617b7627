/** Lag (claim time − due time) of the most recent runs, and counters since start. */
export interface JobMetrics {
  ran: number;
  retried: number;
  dead: number;
  lagMs: { count: number; p50: number; p99: number; max: number };
}

/** A fixed window of recent lags (oldest overwritten) plus counters; cheap enough to record every run. */
export function createLagMetrics(windowSize = 1024) {
  const window: number[] = [];
  let next = 0;
  let count = 0;
  const counters = { ran: 0, retried: 0, dead: 0 };

  function quantile(sorted: number[], q: number): number {
    if (sorted.length === 0) return 0;
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  }

  return {
    record(outcome: 'done' | 'retry' | 'dead', lagMs: number): void {
      count += 1;
      if (window.length < windowSize) window.push(lagMs);
      else window[next] = lagMs;
      next = (next + 1) % windowSize;
      if (outcome === 'done') counters.ran += 1;
      else if (outcome === 'retry') counters.retried += 1;
      else counters.dead += 1;
    },
    /** p50/p99/max are over the window; count and the counters since start. */
    snapshot(): JobMetrics {
      const sorted = [...window].sort((a, b) => a - b);
      return {
        ...counters,
        lagMs: { count, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0 },
      };
    },
  };
}
