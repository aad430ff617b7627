import { afterEach, describe, expect, it, vi } from 'vitest';
import { shutDownWithin } from './shutdown';

afterEach(() => vi.useRealTimers());

describe('shutDownWithin', () => {
  it('exits 0 as soon as the steps are done', async () => {
    const exit = vi.fn();
    await shutDownWithin(1000, async () => {}, exit);
    expect(exit.mock.calls).toEqual([[0]]);
  });

  it('exits 1 and reports the error when a step fails', async () => {
    const exit = vi.fn();
    const onError = vi.fn();
    await shutDownWithin(1000, () => Promise.reject(new Error('close failed')), exit, onError);
    expect(exit.mock.calls).toEqual([[1]]);
    expect(onError).toHaveBeenCalledWith(new Error('close failed'));
  });

  it('exits 1 once the grace period is over, whatever is still pending', async () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    void shutDownWithin(1000, () => new Promise<void>(() => {}), exit);
    await vi.advanceTimersByTimeAsync(999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit.mock.calls).toEqual([[1]]);
  });
});
