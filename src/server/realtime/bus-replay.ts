export interface ReplayGuardOptions {
  /** How far a message's signed send time may be from this instance's clock, either way. */
  windowMs: number;
  /** Message ids remembered at most; the oldest is forgotten first. */
  maxIds: number;
  /** The wire clock (the real one outside tests: it compares hosts' clocks, not game time). */
  now: () => number;
}

export type ReplayVerdict = 'fresh' | 'stale' | 'replayed';

/**
 * Decides whether a signed bus message is new (ADR 047): its signed send time must be within the window
 * of this instance's clock, and its id not seen before. The remembered ids are bounded by age (older
 * than the window, the time check refuses them anyway) and by count; when the count forces an id out
 * before its time, every message not newer than it is refused from then on, so a forgotten id can
 * never come back.
 */
export function createReplayGuard(options: ReplayGuardOptions) {
  // id → signed send time, in arrival order.
  const seen = new Map<string, number>();
  let floorMs = -Infinity;

  function forgetExpired(nowMs: number): void {
    for (const [id, sentMs] of seen) {
      if (sentMs >= nowMs - options.windowMs) break;
      seen.delete(id);
    }
  }

  return {
    judge(id: string, sentMs: number): ReplayVerdict {
      const nowMs = options.now();
      if (Math.abs(nowMs - sentMs) > options.windowMs || sentMs <= floorMs) return 'stale';
      if (seen.has(id)) return 'replayed';
      forgetExpired(nowMs);
      if (seen.size >= options.maxIds) {
        const [oldestId, oldestSentMs] = seen.entries().next().value!;
        seen.delete(oldestId);
        floorMs = Math.max(floorMs, oldestSentMs);
      }
      seen.set(id, sentMs);
      return 'fresh';
    },
    /** Ids remembered now (tests). */
    size: () => seen.size,
  };
}
