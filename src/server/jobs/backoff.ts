import { infra } from '../../core/infra';

/**
 * How long a failed job waits before its next attempt: doubling from jobRetryBaseMs after each
 * failure (5 s, 10 s, 20 s, ...), never more than jobRetryMaxMs. No jitter: each job has its own
 * run_at already, and a fixed delay keeps tests on the injected clock exact.
 */
export function retryDelayMs(failedAttempts: number): number {
  const doublings = Math.max(0, failedAttempts - 1);
  return Math.min(infra.jobRetryBaseMs * 2 ** Math.min(doublings, 30), infra.jobRetryMaxMs);
}
