import { describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it.each([
    [1, balance.jobRetryBaseMs],
    [2, 2 * balance.jobRetryBaseMs],
    [3, 4 * balance.jobRetryBaseMs],
    [5, 16 * balance.jobRetryBaseMs],
  ])('after %i failed attempt(s) waits %i ms', (failed, delay) => {
    expect(retryDelayMs(failed)).toBe(delay);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(retryDelayMs(20)).toBe(balance.jobRetryMaxMs);
    expect(retryDelayMs(10_000)).toBe(balance.jobRetryMaxMs);
  });
});
