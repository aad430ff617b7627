import { balance } from '../../core/balance';
import { infra } from '../../core/infra';
import type { TapBatchBody, TapBatchResponse } from '../../core/api/game';
import { statusOf } from '../lib/api-error';
import type { KeyValueStore } from '../lib/storage';
import {
  addTap,
  isAutoClicker,
  markProcessed,
  nextBatch,
  parseQueue,
  pruneQueue,
  removeEntries,
  serializeQueue,
  tapQueueStorageKey,
  unprocessedCount,
  type TapEntry,
} from './tap-queue';

export interface TapRunnerDeps {
  store: KeyValueStore;
  now(): number;
  sleep(ms: number): Promise<void>;
  sendBatch(body: TapBatchBody): Promise<TapBatchResponse>;
  /** A batch was accepted; its taps are already counted as acknowledged. */
  onResult(result: TapBatchResponse): void;
  /** The queue looked like an auto-clicker and was cleared (spec §9). */
  onAutoClicker?(): void;
}

export interface TapRunner {
  /** Queues one decode and starts sending. */
  record(): void;
  /** Decodes queued or in flight that the server has not acknowledged yet. */
  unacknowledged(): number;
  /** Sends what is queued; resolves when the queue is empty or after `timeoutMs`. */
  flush(timeoutMs: number): Promise<void>;
  /** Forgets the queue (after logout, so the next player is not credited with it). */
  clear(): void;
  stop(): void;
}

/**
 * Sends decodes to the server (spec §7, §9): batches of 3 taps 20 ms apart; a failure is retried
 * silently after 500 ms, a 423 challenge drops the batch. The queue is kept in this tab's memory
 * and mirrored to storage, so a reload resumes it but two tabs never send each other's taps.
 */
export function createTapRunner(deps: TapRunnerDeps): TapRunner {
  let queue: TapEntry[] = pruneQueue(parseQueue(deps.store.getItem(tapQueueStorageKey)), deps.now());
  let pumping: Promise<void> | null = null;
  let stopped = false;
  let sending: { entries: TapEntry[]; batchTimestamp: number } | null = null;
  let lastStamp = 0;

  function persist() {
    try {
      if (queue.length === 0) deps.store.removeItem(tapQueueStorageKey);
      else deps.store.setItem(tapQueueStorageKey, serializeQueue(queue));
    } catch {
      // storage full or blocked: the in-memory queue still works for this tab
    }
  }

  function guardAutoClicker(): boolean {
    if (!isAutoClicker(queue)) return false;
    queue = [];
    sending = null;
    persist();
    deps.onAutoClicker?.();
    return true;
  }

  /**
   * The batch to send. Its batchTimestamp is the server's idempotency key: a retry after a lost
   * answer reuses it, so it is not counted twice; each new batch gets a strictly later stamp.
   */
  function currentBatch(): { entries: TapEntry[]; batchTimestamp: number } | null {
    if (sending) {
      const stillQueued = new Set(queue);
      const entries = sending.entries.filter((e) => stillQueued.has(e));
      sending = entries.length > 0 ? { entries, batchTimestamp: sending.batchTimestamp } : null;
    }
    if (!sending) {
      const entries = nextBatch(queue);
      if (entries.length === 0) return null;
      lastStamp = Math.max(deps.now(), lastStamp + 1);
      sending = { entries, batchTimestamp: lastStamp };
    }
    return sending;
  }

  async function pump(): Promise<void> {
    while (!stopped) {
      queue = pruneQueue(queue, deps.now());
      if (guardAutoClicker()) return;
      const batch = currentBatch();
      persist();
      if (!batch) return;
      try {
        const result = await deps.sendBatch({ tapCount: batch.entries.length, batchTimestamp: batch.batchTimestamp });
        queue = markProcessed(queue, batch.entries);
        sending = null;
        persist();
        if (!stopped) deps.onResult(result);
      } catch (error) {
        if (statusOf(error) === 423) {
          queue = removeEntries(queue, batch.entries);
          sending = null;
          persist();
        } else {
          await deps.sleep(infra.tapRetryDelayMs);
          continue;
        }
      }
      await deps.sleep(balance.tapBatchGapMs);
    }
  }

  function kick(): Promise<void> {
    pumping ??= pump().finally(() => {
      pumping = null;
    });
    return pumping;
  }

  return {
    record() {
      queue = addTap(queue, deps.now());
      if (guardAutoClicker()) return;
      persist();
      void kick();
    },
    unacknowledged: () => unprocessedCount(queue),
    async flush(timeoutMs) {
      if (unprocessedCount(queue) === 0) return;
      // A real timer, not deps.sleep: the wait is for the server, whatever clock the batches use.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      try {
        await Promise.race([kick(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    clear() {
      queue = [];
      sending = null;
      persist();
    },
    stop() {
      stopped = true;
    },
  };
}
