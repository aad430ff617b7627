/** Who came online and who went offline since the last presence frame. */
export interface PresenceBatch {
  online: number[];
  offline: number[];
}

export interface PresenceBatcherDeps {
  /** A change waits at most this long; a watching tab gets at most one presence frame per this long. */
  flushMs: number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** One batch for every watching tab (never empty). */
  flush(batch: PresenceBatch): void;
}

/**
 * Presence changes become one frame per flush (2,000 players joining sent about
 * 22,000 frames, one per player to every tab). The first change after a flush starts the timer;
 * everything that changes until it fires goes out together, each player's latest state once, and
 * only if it differs from what the last batch said (a player who reconnects within the window is
 * not announced at all). Frames per watching tab are then bounded by time, not by players.
 */
export function createPresenceBatcher(deps: PresenceBatcherDeps) {
  const pending = new Map<number, boolean>();
  // Players the batches have announced online. One announced offline is forgotten (memory stays
  // bounded by who is online), so an unknown player's change always goes out.
  const announcedOnline = new Set<number>();
  let timer: unknown = null;
  let stopped = false;

  function flush(): void {
    timer = null;
    const batch: PresenceBatch = { online: [], offline: [] };
    for (const [userId, isOnline] of pending) {
      if (isOnline && announcedOnline.has(userId)) continue;
      if (isOnline) {
        announcedOnline.add(userId);
        batch.online.push(userId);
      } else {
        announcedOnline.delete(userId);
        batch.offline.push(userId);
      }
    }
    pending.clear();
    if (batch.online.length > 0 || batch.offline.length > 0) deps.flush(batch);
  }

  return {
    /** Records changes (from any instance, through the bus); they go out at the next flush. */
    change(batch: PresenceBatch): void {
      if (stopped) return;
      for (const userId of batch.online) pending.set(userId, true);
      for (const userId of batch.offline) pending.set(userId, false);
      if (timer === null && pending.size > 0) timer = deps.setTimer(flush, deps.flushMs);
    },
    stop(): void {
      stopped = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
      pending.clear();
    },
  };
}
