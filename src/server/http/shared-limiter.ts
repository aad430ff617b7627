import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WindowLimiter } from './rate-limit';

/** The same fixed-window counter as WindowLimiter, asked asynchronously so it can live in Redis (or the cluster primary). */
export interface SharedLimiter {
  hit(key: string): Promise<boolean>;
  isExhausted(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window counters kept outside this process, by limiter name and key: in Redis (REDIS_URL),
 * or in the cluster primary for the workers of one machine (ADR 036). Each call may fail; the
 * limiter then asks the process's own counter.
 */
export interface SharedCounters {
  /** Counts one attempt (the window starts at the first) and resolves with the count in the window. */
  increment(name: string, key: string, windowMs: number): Promise<number>;
  /** The count in the current window, 0 when there is none. */
  read(name: string, key: string): Promise<number>;
  clear(name: string, key: string): Promise<void>;
  /** Told when the counters cannot answer and this process's own counter decided instead. */
  onFallback?: ((error: unknown) => void) | undefined;
}

export interface LimiterRedis {
  client: Redis;
  /** Keys start with this (the deployment's bus channel), so two deployments on one Redis never mix. */
  prefix: string;
  /** Told when Redis cannot answer and this instance's own counter decided instead. */
  onFallback?: (error: unknown) => void;
}

// INCR, and the window starts at the first attempt: one round trip, atomic on the server.
const hitScript =
  "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";

/** Counters in Redis, shared by every instance (ADR 035). */
export function redisCounters({ client, prefix, onFallback }: LimiterRedis): SharedCounters {
  // Hashed: login IDs and addresses never sit in Redis in clear, and keys have one length.
  const redisKey = (name: string, key: string) =>
    `${prefix}:limit:${name}:${createHash('sha256').update(key).digest('base64url')}`;
  return {
    increment: async (name, key, windowMs) => Number(await client.eval(hitScript, 1, redisKey(name, key), windowMs)),
    read: async (name, key) => Number((await client.get(redisKey(name, key))) ?? 0),
    clear: async (name, key) => {
      await client.del(redisKey(name, key));
    },
    onFallback,
  };
}

/**
 * A window counter shared by every instance (Redis, ADR 035) or every worker of one instance (the
 * cluster primary, ADR 036), so a load balancer spreading attempts over n processes does not
 * multiply the limit by n. Without shared counters, or while they cannot answer, the process's own
 * WindowLimiter decides. Login and registration use it directly; routes declare limits (limits.ts).
 */
export function sharedLimiter(
  name: string,
  local: WindowLimiter,
  limit: number,
  windowMs: number,
  counters: SharedCounters | null,
): SharedLimiter {
  if (!counters) {
    return {
      hit: async (key) => local.hit(key),
      isExhausted: async (key) => local.isExhausted(key),
      reset: async (key) => local.reset(key),
    };
  }
  async function orLocal<T>(shared: () => Promise<T>, fallback: () => T): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      counters!.onFallback?.(error);
      return fallback();
    }
  }
  return {
    hit: (key) =>
      orLocal(
        async () => (await counters.increment(name, key, windowMs)) <= limit,
        () => local.hit(key),
      ),
    isExhausted: (key) =>
      orLocal(
        async () => (await counters.read(name, key)) >= limit,
        () => local.isExhausted(key),
      ),
    reset: (key) =>
      orLocal(
        () => counters.clear(name, key),
        () => local.reset(key),
      ),
  };
}
