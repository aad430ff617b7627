import type { SharedCounters } from '../http/shared-limiter';
import type { PrimaryAsker } from './ipc-ask';
import type { CounterRequest } from './messages';

/**
 * A worker's view of the window counters its primary keeps (ADR 036, ADR 045), so WORKERS=n
 * without Redis still allows one limit per player or address, not n. A primary that does not answer
 * within a second makes the worker's own counter decide (sharedLimiter's fallback).
 */
export function ipcCounters(primary: PrimaryAsker, onFallback?: (error: unknown) => void): SharedCounters {
  const ask = (op: CounterRequest['op'], name: string, key: string, windowMs = 0) =>
    primary.ask({ bb: 'count', op, name, key, windowMs });
  return {
    increment: (name, key, windowMs) => ask('increment', name, key, windowMs),
    read: (name, key) => ask('read', name, key),
    clear: async (name, key) => void (await ask('clear', name, key)),
    onFallback,
  };
}

/**
 * The primary's side: fixed windows by (limiter, key), the window starting at the first attempt
 * (as the Redis counters do). Bounded: past `maxKeys` the oldest window goes first; expired ones
 * are swept on an unref'd timer.
 */
export function createCounterTable(now: () => number = Date.now, maxKeys = 100_000) {
  const windows = new Map<string, { endsAtMs: number; count: number }>();
  const sweep = setInterval(() => {
    const at = now();
    for (const [key, window] of windows) if (window.endsAtMs <= at) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const live = (id: string) => {
    const window = windows.get(id);
    if (window && window.endsAtMs > now()) return window;
    if (window) windows.delete(id);
    return undefined;
  };
  return {
    answer(request: CounterRequest): number {
      const id = `${request.name}\u0000${request.key}`;
      if (request.op === 'clear') {
        windows.delete(id);
        return 0;
      }
      const window = live(id);
      if (request.op === 'read') return window?.count ?? 0;
      if (window) return ++window.count;
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
      windows.set(id, { endsAtMs: now() + request.windowMs, count: 1 });
      return 1;
    },
    stop: () => clearInterval(sweep),
  };
}
