import type { User } from '../../../core/api/common';

export interface CachedSession {
  user: User;
  csrfToken: string;
  lastSeenMs: number;
  expiresMs: number;
  cachedAtMs: number;
}

/**
 * Sessions one instance read from the database (ADR 035), by session id and by player, bounded
 * (the oldest go first). `generation` moves at every forget, so a look-up that began before a
 * logout or ban can tell it must not put the session back.
 */
export function createSessionCache(options: { ttlMs: number; max: number }) {
  const byId = new Map<string, CachedSession>();
  const byUser = new Map<number, Set<string>>();
  let generation = 0;

  function drop(id: string): void {
    const entry = byId.get(id);
    if (!entry) return;
    byId.delete(id);
    const ids = byUser.get(entry.user.id);
    ids?.delete(id);
    if (ids?.size === 0) byUser.delete(entry.user.id);
  }

  return {
    generation: () => generation,

    /** The live cached session, or undefined when absent, older than the TTL or past its expiry. */
    get(id: string, now: number): CachedSession | undefined {
      const entry = byId.get(id);
      if (!entry) return undefined;
      if (now - entry.cachedAtMs < options.ttlMs && entry.expiresMs > now) return entry;
      drop(id);
      return undefined;
    },

    /** Keeps a session read at `readGeneration`, unless something was forgotten since. */
    put(id: string, entry: CachedSession, readGeneration: number): void {
      if (readGeneration !== generation) return;
      if (byId.size >= options.max) drop(byId.keys().next().value!);
      drop(id);
      byId.set(id, entry);
      const ids = byUser.get(entry.user.id) ?? new Set<string>();
      ids.add(id);
      byUser.set(entry.user.id, ids);
    },

    forgetSession(id: string): void {
      generation += 1;
      drop(id);
    },

    forgetUsers(userIds: number[]): void {
      generation += 1;
      for (const userId of userIds) for (const id of [...(byUser.get(userId) ?? [])]) drop(id);
    },

    forgetAll(): void {
      generation += 1;
      byId.clear();
      byUser.clear();
    },

    /** A player's stats changed: their cached sessions show the new ones. */
    userChanged(user: User): void {
      for (const id of byUser.get(user.id) ?? []) byId.get(id)!.user = user;
    },

    size: () => byId.size,
  };
}
