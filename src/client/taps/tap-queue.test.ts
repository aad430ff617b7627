import { describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import {
  addTap,
  isAutoClicker,
  markProcessed,
  nextBatch,
  parseQueue,
  pruneQueue,
  removeEntries,
  serializeQueue,
  unprocessedCount,
  type TapEntry,
} from './tap-queue';

const taps = (n: number, at = 1000): TapEntry[] =>
  Array.from({ length: n }, (_, i) => ({ timestamp: at + i, processed: false }));

describe('tap queue', () => {
  it('round-trips through storage and skips malformed entries', () => {
    const queue = addTap(addTap([], 1), 2);
    expect(parseQueue(serializeQueue(queue))).toEqual(queue);
    expect(parseQueue('[{"timestamp":1,"processed":false},{"timestamp":"x"},null,5]')).toEqual([
      { timestamp: 1, processed: false },
    ]);
    expect(parseQueue('not json')).toEqual([]);
    expect(parseQueue('{"a":1}')).toEqual([]);
    expect(parseQueue(null)).toEqual([]);
  });

  it('drops entries older than 30 s and processed ones', () => {
    const now = 100_000;
    const queue: TapEntry[] = [
      { timestamp: now - balance.tapQueueMaxAgeMs - 1, processed: false },
      { timestamp: now - balance.tapQueueMaxAgeMs, processed: false },
      { timestamp: now - 10, processed: true },
      { timestamp: now, processed: false },
    ];
    expect(pruneQueue(queue, now)).toEqual([queue[1], queue[3]]);
  });

  it('calls more than 50 unprocessed taps an auto-clicker', () => {
    expect(isAutoClicker(taps(balance.tapQueueAutoClickerThreshold))).toBe(false);
    expect(isAutoClicker(taps(balance.tapQueueAutoClickerThreshold + 1))).toBe(true);
    const many = taps(60);
    expect(isAutoClicker(markProcessed(many, many.slice(0, 10)))).toBe(false);
  });

  it('takes the oldest unprocessed taps in batches of 3', () => {
    const queue = taps(5);
    const first = nextBatch(queue);
    expect(first).toEqual(queue.slice(0, balance.tapBatchSize));
    const after = markProcessed(queue, first);
    expect(unprocessedCount(after)).toBe(2);
    expect(nextBatch(after)).toEqual(queue.slice(3));
  });

  it('matches sent entries by identity, so equal timestamps are not confused', () => {
    const queue: TapEntry[] = [
      { timestamp: 5, processed: false },
      { timestamp: 5, processed: false },
    ];
    const marked = markProcessed(queue, [queue[1]!]);
    expect(marked.map((e) => e.processed)).toEqual([false, true]);
    expect(removeEntries(queue, [queue[0]!])).toEqual([queue[1]]);
  });
});
