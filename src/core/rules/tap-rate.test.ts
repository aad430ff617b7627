import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { takeTaps, type TapBucket } from './tap-rate';

describe('tap-rate ceiling', () => {
  it('allows the burst, then refuses until the bucket refills', () => {
    let bucket: TapBucket = { tokens: balance.tapBurstCapacity, updatedAtMs: 0 };
    for (let i = 0; i < 6; i++) {
      const r = takeTaps(bucket, 3, 0);
      expect(r.allowed).toBe(true);
      bucket = r.bucket;
    }
    expect(takeTaps(bucket, 3, 0).allowed).toBe(false);
    expect(takeTaps(bucket, 3, 1000).allowed).toBe(true); // 2 + 1.5 tokens
  });

  it('never refuses a human typing 20 keys/s for an hour', () => {
    let bucket: TapBucket = { tokens: balance.tapBurstCapacity, updatedAtMs: 0 };
    const decodeEveryMs = (balance.rowLength / 20) * 1000; // 750 ms
    for (let t = 0; t < 3600_000; t += decodeEveryMs) {
      const r = takeTaps(bucket, 1, t);
      expect(r.allowed).toBe(true);
      bucket = r.bucket;
    }
  });

  it('refuses a bot typing 40 keys/s within a minute', () => {
    let bucket: TapBucket = { tokens: balance.tapBurstCapacity, updatedAtMs: 0 };
    let refused = false;
    for (let t = 0; t < 60_000 && !refused; t += 375) {
      const r = takeTaps(bucket, 1, t);
      refused = !r.allowed;
      bucket = r.bucket;
    }
    expect(refused).toBe(true);
  });
});
