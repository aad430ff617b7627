import { describe, expect, it } from 'vitest';
import { createPresenceBatcher, type PresenceBatch } from './presence-batcher';

/** A batcher on a manual clock: `advance(ms)` fires the flush timer when it is due. */
function harness(flushMs = 1000) {
  let now = 0;
  let timer: { run: () => void; at: number } | null = null;
  const frames: PresenceBatch[] = [];
  const batcher = createPresenceBatcher({
    flushMs,
    setTimer: (run, ms) => (timer = { run, at: now + ms }),
    clearTimer: () => (timer = null),
    flush: (batch) => frames.push(batch),
  });
  const advance = (ms: number) => {
    now += ms;
    if (timer && timer.at <= now) {
      const { run } = timer;
      timer = null;
      run();
    }
  };
  return { batcher, frames, advance, pending: () => timer !== null };
}

const joined = (...online: number[]) => ({ online, offline: [] });
const left = (...offline: number[]) => ({ online: [], offline });

describe('presence batches', () => {
  it('turns 2,000 joins within a second into one frame listing them all', () => {
    const h = harness();
    for (let id = 1; id <= 2000; id++) {
      h.batcher.change(joined(id));
      if (id % 5 === 0) h.advance(2); // 2,000 joins over 800 ms
    }
    expect(h.frames).toEqual([]);
    h.advance(200);
    expect(h.frames).toHaveLength(1);
    expect(h.frames[0]!.online).toHaveLength(2000);
    expect(h.frames[0]!.offline).toEqual([]);
  });

  it('sends at most one frame per flush interval, however the joins are spread', () => {
    const h = harness(1000);
    for (let id = 1; id <= 50; id++) {
      h.batcher.change(joined(id));
      h.advance(100); // 5 s of joins, one every 100 ms
    }
    h.advance(1000);
    expect(h.frames).toHaveLength(5);
    expect(h.frames.flatMap((f) => f.online)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("sends each player's latest state once, and nothing for a reconnect within the window", () => {
    const h = harness();
    h.batcher.change(joined(1, 2));
    h.advance(1000);
    expect(h.frames).toEqual([{ online: [1, 2], offline: [] }]);
    h.batcher.change(left(1));
    h.batcher.change(joined(1)); // back before the flush: nothing changed for a watcher
    h.batcher.change(left(2));
    h.advance(1000);
    expect(h.frames.slice(1)).toEqual([{ online: [], offline: [2] }]);
    h.batcher.change(left(1));
    h.batcher.change(joined(1));
    h.advance(1000);
    expect(h.frames).toHaveLength(2);
  });

  it('announces a player going offline it never saw come online (online before this instance started)', () => {
    const h = harness();
    h.batcher.change(left(7));
    h.advance(1000);
    expect(h.frames).toEqual([{ online: [], offline: [7] }]);
  });

  it('starts no timer when idle and none after stop', () => {
    const h = harness();
    expect(h.pending()).toBe(false);
    h.batcher.change(joined(1));
    h.batcher.stop();
    expect(h.pending()).toBe(false);
    h.batcher.change(joined(2));
    h.advance(5000);
    expect(h.frames).toEqual([]);
  });
});
