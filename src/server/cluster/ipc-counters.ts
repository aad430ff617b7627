import type { SharedCounters } from '../http/shared-limiter';
import { isBitbreachMessage, type CounterAnswer, type CounterRequest } from './messages';

const answerTimeoutMs = 1000;

/**
 * A worker's view of the login and registration counters its primary keeps (ADR 036), so WORKERS=n
 * without Redis still allows one limit per address, not n. A primary that does not answer within a
 * second makes the worker's own counter decide (sharedLimiter's fallback).
 */
export function ipcCounters(onFallback?: (error: unknown) => void): SharedCounters & { close(): void } {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (count: number) => void; timer: NodeJS.Timeout }>();
  const onMessage = (raw: unknown) => {
    if (!isBitbreachMessage(raw) || raw.bb !== 'count-answer') return;
    const answer = raw as CounterAnswer;
    const waiter = waiting.get(answer.id);
    if (!waiter) return;
    waiting.delete(answer.id);
    clearTimeout(waiter.timer);
    waiter.resolve(answer.count);
  };
  process.on('message', onMessage);

  function ask(op: CounterRequest['op'], name: string, key: string, windowMs = 0): Promise<number> {
    return new Promise((resolve, reject) => {
      if (!process.connected) return reject(new Error('the cluster primary is gone'));
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the cluster primary did not answer a counter request within ${answerTimeoutMs} ms`));
      }, answerTimeoutMs);
      timer.unref();
      waiting.set(id, { resolve, timer });
      const request: CounterRequest = { bb: 'count', id, op, name, key, windowMs };
      process.send!(request);
    });
  }

  return {
    increment: (name, key, windowMs) => ask('increment', name, key, windowMs),
    read: (name, key) => ask('read', name, key),
    clear: async (name, key) => void (await ask('clear', name, key)),
    onFallback,
    close() {
      process.off('message', onMessage);
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
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
