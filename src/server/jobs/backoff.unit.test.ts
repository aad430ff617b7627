import { describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it.each([
    [1, infra.jobRetryBaseMs],
    [2, 2 * infra.jobRetryBaseMs],
    [3, 4 * infra.jobRetryBaseMs],
    [5, 16 * infra.jobRetryBaseMs],
  ])('after %i failed attempt(s) waits %i ms', (failed, delay) => {
    expect(retryDelayMs(failed)).toBe(delay);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(retryDelayMs(20)).toBe(infra.jobRetryMaxMs);
    expect(retryDelayMs(10_000)).toBe(infra.jobRetryMaxMs);
  });
});
