import { balance } from '../balance';

export interface TapBucket {
  tokens: number;
  updatedAtMs: number;
}

/**
 * The server's tap-rate ceiling as a token bucket in decodes: it refills 1.5 decodes/s up to a
 * burst of 20. A batch is allowed when the bucket holds its taps; otherwise it is refused whole.
 */
export function takeTaps(
  bucket: TapBucket,
  taps: number,
  nowMs: number,
  refillPerSecond: number = balance.tapRefillPerSecond,
  capacity: number = balance.tapBurstCapacity,
): { allowed: boolean; bucket: TapBucket } {
  const elapsedS = Math.max(0, nowMs - bucket.updatedAtMs) / 1000;
  const tokens = Math.min(capacity, bucket.tokens + elapsedS * refillPerSecond);
  if (tokens + 1e-9 < taps) return { allowed: false, bucket: { tokens, updatedAtMs: nowMs } };
  return { allowed: true, bucket: { tokens: tokens - taps, updatedAtMs: nowMs } };
}
