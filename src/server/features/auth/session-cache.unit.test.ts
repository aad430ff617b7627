import { describe, expect, it } from 'vitest';
import type { User } from '../../../core/api/common';
import { createSessionCache, type CachedSession } from './session-cache';

const user = (id: number, level = 1) => ({ id, level }) as unknown as User;
const entry = (userId: number, at: number, expiresMs = at + 1e9): CachedSession => ({
  user: user(userId),
  csrfToken: 't',
  lastSeenMs: at,
  expiresMs,
  cachedAtMs: at,
});

describe('session cache', () => {
  it('answers within the TTL and not after it, nor past the session’s expiry', () => {
    const cache = createSessionCache({ ttlMs: 5000, max: 10 });
    cache.put('a', entry(1, 0), cache.generation());
    cache.put('b', entry(2, 0, 3000), cache.generation());
    expect(cache.get('a', 4999)).toBeDefined();
    expect(cache.get('a', 5000)).toBeUndefined();
    expect(cache.get('b', 2999)).toBeDefined();
    expect(cache.get('b', 3000)).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('does not keep a session read before a logout or ban finished', () => {
    const cache = createSessionCache({ ttlMs: 5000, max: 10 });
    const readAt = cache.generation();
    cache.forgetSession('a');
    cache.put('a', entry(1, 0), readAt);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('forgets every session of a banned player and only theirs', () => {
    const cache = createSessionCache({ ttlMs: 5000, max: 10 });
    for (const [id, userId] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const)
      cache.put(id, entry(userId, 0), cache.generation());
    cache.forgetUsers([1]);
    expect([cache.get('a', 1), cache.get('b', 1)]).toEqual([undefined, undefined]);
    expect(cache.get('c', 1)?.user.id).toBe(2);
  });

  it('shows a player’s new stats in all their sessions, and stays bounded', () => {
    const cache = createSessionCache({ ttlMs: 5000, max: 2 });
    cache.put('a', entry(1, 0), cache.generation());
    cache.put('b', entry(1, 0), cache.generation());
    cache.userChanged(user(1, 7));
    expect([cache.get('a', 1)?.user.level, cache.get('b', 1)?.user.level]).toEqual([7, 7]);
    cache.put('c', entry(3, 0), cache.generation());
    expect(cache.size()).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.forgetAll();
    expect(cache.size()).toBe(0);
  });
});
