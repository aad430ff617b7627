/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface LoadSummary {
  wallS: number;
  /** Responses of any kind that came back. */
  completed: number;
  ok: number;
  /** 423 tap-rate refusals, kept apart from errors: the bench paces players to avoid them. */
  refused423: number;
  /** Non-2xx, non-423 statuses, by status code. */
  otherStatuses: Record<string, number>;
  /** Connection errors and timeouts. */
  networkErrors: number;
  /** 2xx bodies that failed the sample check (tap-batch: secureData must decode to a user). */
  badBodies: number;
  /** Arrivals (open loop) or turns (closed loop) that found no player with tap budget left. */
  starved: number;
  /** Open loop: arrivals dropped because the in-flight cap was reached. */
  dropped: number;
  okPerS: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Collects latencies (ms) and statuses of one phase. */
export class Recorder {
  private readonly latencies: number[] = [];
  private readonly statuses = new Map<number, number>();
  networkErrors = 0;
  badBodies = 0;
  starved = 0;
  dropped = 0;

  record(status: number, latencyMs: number): void {
    this.latencies.push(latencyMs);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  summarize(wallMs: number): LoadSummary {
    const sorted = Float64Array.from(this.latencies).sort();
    const asArray = Array.from(sorted);
    let ok = 0;
    let refused423 = 0;
    const otherStatuses: Record<string, number> = {};
    for (const [status, count] of this.statuses) {
      if (status >= 200 && status < 300) ok += count;
      else if (status === 423) refused423 += count;
      else otherStatuses[String(status)] = count;
    }
    return {
      wallS: wallMs / 1000,
      completed: asArray.length,
      ok,
      refused423,
      otherStatuses,
      networkErrors: this.networkErrors,
      badBodies: this.badBodies,
      starved: this.starved,
      dropped: this.dropped,
      okPerS: ok / (wallMs / 1000),
      p50Ms: percentile(asArray, 50),
      p90Ms: percentile(asArray, 90),
      p95Ms: percentile(asArray, 95),
      p99Ms: percentile(asArray, 99),
      maxMs: asArray.length ? asArray[asArray.length - 1]! : NaN,
    };
  }
}
