import { describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import { infra } from '../../core/infra';
import type { TapBatchBody, TapBatchResponse } from '../../core/api/game';
import { ApiError } from '../lib/api-error';
import { memoryStore } from '../lib/storage';
import { parseQueue, tapQueueStorageKey } from './tap-queue';
import { createTapRunner, type TapRunnerDeps } from './tap-runner';

const user = {
  id: 1,
  loginId: 'a',
  username: 'a',
  level: 1,
  currentExp: 0,
  maxExp: 10,
  totalTaps: 0,
  telnet: 0,
  attack: 1,
  criticalRate: 5,
  bonusCriticalHit: 0,
  connectionRate: 10,
  itemDropRate: 0.1,
};
const ok = (): TapBatchResponse => ({
  user,
  gearDrops: [],
  telnetCoreDrops: [],
  levelsGained: 0,
  telnetGained: 0,
  lostDrops: 0,
  inventoryFull: false,
});

/** A runner whose clock only moves when it sleeps, and whose server answers from a script. */
function setup(answer: (body: TapBatchBody, n: number) => Promise<TapBatchResponse> = async () => ok()) {
  let now = 1_000_000;
  const sent: TapBatchBody[] = [];
  const sleeps: number[] = [];
  const results: TapBatchResponse[] = [];
  let autoClicker = 0;
  const store = memoryStore();
  const deps: TapRunnerDeps = {
    store,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    sendBatch: (body) => {
      sent.push(body);
      return answer(body, sent.length);
    },
    onResult: (r) => results.push(r),
    onAutoClicker: () => autoClicker++,
  };
  const runner = createTapRunner(deps);
  return {
    runner,
    sent,
    sleeps,
    results,
    store,
    autoClickers: () => autoClicker,
    advance: (ms: number) => (now += ms),
  };
}

describe('tap runner', () => {
  it('sends the first tap at once, then what queued meanwhile in batches of 3, 20 ms apart', async () => {
    const t = setup();
    for (let i = 0; i < 7; i++) t.runner.record();
    await t.runner.flush(10_000);
    expect(t.sent.map((b) => b.tapCount)).toEqual([1, 3, 3]);
    expect(t.sleeps.filter((ms) => ms === balance.tapBatchGapMs).length).toBeGreaterThanOrEqual(2);
    expect(t.results).toHaveLength(3);
    expect(t.runner.unacknowledged()).toBe(0);
    expect(t.store.getItem(tapQueueStorageKey)).toBeNull();
  });

  it('retries a failed batch silently after 500 ms', async () => {
    const t = setup(async (_b, n) => {
      if (n === 1) throw new ApiError(500, 'Internal', '');
      return ok();
    });
    t.runner.record();
    await t.runner.flush(10_000);
    expect(t.sent).toHaveLength(2);
    expect(t.sleeps[0]).toBe(infra.tapRetryDelayMs);
    expect(t.runner.unacknowledged()).toBe(0);
  });

  it('retries a batch with the same batchTimestamp, so the server can tell a retry from new taps', async () => {
    const t = setup(async (_b, n) => {
      if (n === 1) throw new TypeError('Failed to fetch');
      return ok();
    });
    t.runner.record();
    await t.runner.flush(10_000);
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]?.batchTimestamp).toBe(t.sent[0]?.batchTimestamp);
  });

  it('gives every new batch a strictly later batchTimestamp, even within one millisecond', async () => {
    const sent: TapBatchBody[] = [];
    const runner = createTapRunner({
      store: memoryStore(),
      now: () => 5_000, // a frozen clock
      sleep: async () => {},
      sendBatch: async (body) => {
        sent.push(body);
        return ok();
      },
      onResult: () => {},
    });
    for (let i = 0; i < 7; i++) runner.record();
    await runner.flush(1000);
    const stamps = sent.map((b) => b.batchTimestamp);
    expect(new Set(stamps).size).toBe(stamps.length);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
  });

  it('drops a batch answered with 423 instead of retrying it', async () => {
    const t = setup(async () => {
      throw new ApiError(423, 'Locked', '{"message":"slow"}');
    });
    t.runner.record();
    t.runner.record();
    await t.runner.flush(10_000);
    // each tap is sent once: the refused batch is not retried
    expect(t.sent.map((b) => b.tapCount)).toEqual([1, 1]);
    expect(t.sleeps).not.toContain(infra.tapRetryDelayMs);
    expect(t.results).toHaveLength(0);
    expect(t.runner.unacknowledged()).toBe(0);
  });

  it('counts taps in flight as unacknowledged until their answer arrives', async () => {
    let release: (r: TapBatchResponse) => void = () => {};
    const t = setup((_b, n) => (n === 1 ? new Promise((resolve) => (release = resolve)) : Promise.resolve(ok())));
    t.runner.record();
    t.runner.record();
    expect(t.runner.unacknowledged()).toBe(2);
    expect(parseQueue(t.store.getItem(tapQueueStorageKey))).toHaveLength(2);
    const flushed = t.runner.flush(10_000);
    release(ok());
    await flushed;
    expect(t.runner.unacknowledged()).toBe(0);
    expect(t.results).toHaveLength(2);
  });

  it('clears the queue when more than 50 taps wait unprocessed (auto-clicker)', async () => {
    const t = setup(() => new Promise(() => {}));
    for (let i = 0; i <= balance.tapQueueAutoClickerThreshold; i++) t.runner.record();
    expect(t.autoClickers()).toBe(1);
    expect(t.runner.unacknowledged()).toBe(0);
  });

  it('gives up on taps older than 30 s while the server is unreachable', async () => {
    const t = setup(async () => {
      throw new Error('offline');
    });
    t.runner.record();
    await t.runner.flush(60_000);
    expect(t.runner.unacknowledged()).toBe(0);
    expect(t.sent.length).toBeGreaterThan(10);
  });

  it('resumes a queue left in storage by a reload', async () => {
    const first = setup(() => new Promise(() => {}));
    first.runner.record();
    first.runner.stop();
    const store = first.store;
    const results: TapBatchResponse[] = [];
    const resumed = createTapRunner({
      store,
      now: () => 1_000_001,
      sleep: async () => {},
      sendBatch: async () => ok(),
      onResult: (r) => results.push(r),
    });
    expect(resumed.unacknowledged()).toBe(1);
    await resumed.flush(1000);
    expect(results).toHaveLength(1);
  });
});
