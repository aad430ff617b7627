import { balance } from '../../core/balance';

/** spec §3: a tap queue entry, kept locally under the 'tap-queue' key. */
export interface TapEntry {
  timestamp: number;
  processed: boolean;
}

export const tapQueueStorageKey = 'tap-queue';

function isTapEntry(value: unknown): value is TapEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.timestamp === 'number' && Number.isFinite(entry.timestamp) && typeof entry.processed === 'boolean'
  );
}

/** Reads a stored queue; anything malformed (hand-edited storage, an old format) is skipped. */
export function parseQueue(raw: string | null): TapEntry[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isTapEntry) : [];
  } catch {
    return [];
  }
}

export function serializeQueue(queue: readonly TapEntry[]): string {
  return JSON.stringify(queue);
}

export function addTap(queue: readonly TapEntry[], nowMs: number): TapEntry[] {
  return [...queue, { timestamp: nowMs, processed: false }];
}

/** spec §9: entries older than 30 s are dropped; processed entries have done their work. */
export function pruneQueue(queue: readonly TapEntry[], nowMs: number): TapEntry[] {
  return queue.filter((e) => !e.processed && nowMs - e.timestamp <= balance.tapQueueMaxAgeMs);
}

export function unprocessedCount(queue: readonly TapEntry[]): number {
  return queue.reduce((n, e) => (e.processed ? n : n + 1), 0);
}

/** spec §9: more than 50 unprocessed taps counts as an auto-clicker (the queue is then cleared). */
export function isAutoClicker(queue: readonly TapEntry[]): boolean {
  return unprocessedCount(queue) > balance.tapQueueAutoClickerThreshold;
}

/** The oldest unprocessed entries, at most `size` (spec §9: batches of 3). */
export function nextBatch(queue: readonly TapEntry[], size: number = balance.tapBatchSize): TapEntry[] {
  return queue.filter((e) => !e.processed).slice(0, size);
}

/** Marks a sent batch as processed; entries are matched by identity, so equal timestamps are safe. */
export function markProcessed(queue: readonly TapEntry[], batch: readonly TapEntry[]): TapEntry[] {
  const sent = new Set(batch);
  return queue.map((e) => (sent.has(e) ? { ...e, processed: true } : e));
}

/** Drops a batch the server refused for good (a 423 challenge is ignored, not retried). */
export function removeEntries(queue: readonly TapEntry[], batch: readonly TapEntry[]): TapEntry[] {
  const gone = new Set(batch);
  return queue.filter((e) => !gone.has(e));
}
