import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WindowLimiter } from './rate-limit';

/** The same fixed-window counter as WindowLimiter, asked asynchronously so it can live in Redis. */
export interface SharedLimiter {
  hit(key: string): Promise<boolean>;
  isExhausted(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export interface LimiterRedis {
  client: Redis;
  /** Keys start with this (the deployment's bus channel), so two deployments on one Redis never mix. */
  prefix: string;
  /** Told when Redis cannot answer and this instance's own counter decided instead. */
  onFallback?: (error: unknown) => void;
}

// INCR, and the window starts at the first attempt: one round trip, atomic on the server.
const hitScript = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";

/**
 * Login and registration counters shared by every instance through Redis (REDIS_URL), so a load
 * balancer spreading attempts over n instances no longer multiplies the limit by n
 * (docs/decisions/003, ADR 035). Without Redis, or while it cannot answer, the instance's own
 * WindowLimiter decides, as before.
 */
export function sharedLimiter(name: string, local: WindowLimiter, limit: number, windowMs: number, redis: LimiterRedis | null): SharedLimiter {
  if (!redis) {
    return {
      hit: async (key) => local.hit(key),
      isExhausted: async (key) => local.isExhausted(key),
      reset: async (key) => local.reset(key),
    };
  }
  const { client, prefix, onFallback } = redis;
  // Hashed: login IDs and addresses never sit in Redis in clear, and keys have one length.
  const redisKey = (key: string) => `${prefix}:limit:${name}:${createHash('sha256').update(key).digest('base64url')}`;
  async function orLocal<T>(shared: () => Promise<T>, fallback: () => T): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      onFallback?.(error);
      return fallback();
    }
  }
  return {
    hit: (key) => orLocal(async () => Number(await client.eval(hitScript, 1, redisKey(key), windowMs)) <= limit, () => local.hit(key)),
    isExhausted: (key) => orLocal(async () => Number((await client.get(redisKey(key))) ?? 0) >= limit, () => local.isExhausted(key)),
    reset: (key) =>
      orLocal(
        async () => {
          await client.del(redisKey(key));
        },
        () => local.reset(key),
      ),
  };
}
