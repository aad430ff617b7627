import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One cap a socket counts against: its session's, or its address's. */
export interface LeaseClaim {
  name: string;
  key: string;
  cap: number;
}

/**
 * Open sockets counted outside this process (ADR 045): each socket holds a lease on every cap it
 * counts against, so the count is what is open now on every worker and instance, and a process that
 * dies without releasing cannot keep its leases for long (Redis: they expire unless refreshed; the
 * cluster primary: it drops a dead worker's leases).
 */
export interface SharedLeases {
  /** Takes `leaseId` on every claim or on none: the index of the first claim at its cap, -1 when taken. */
  acquire(leaseId: string, claims: LeaseClaim[], ttlMs: number): Promise<number>;
  /** The index of the first claim already at its cap, -1 when none is; takes nothing. */
  check(claims: LeaseClaim[]): Promise<number>;
  release(leaseId: string, claims: LeaseClaim[]): Promise<void>;
  /** Keeps these leases for another `ttlMs` (the hub's heartbeat calls it). */
  refresh(leases: { leaseId: string; claims: LeaseClaim[] }[], ttlMs: number): Promise<void>;
}

// A sorted set per cap: member = lease, score = when it expires, in Redis's own clock (TIME), so the
// instances' clocks never have to agree. Expired leases are dropped before each count.
const takeScript = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if not redis.call('ZSCORE', key, ARGV[1]) and redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i - 1 end
end
if ARGV[3] == 'take' then
  for _, key in ipairs(KEYS) do
    redis.call('ZADD', key, now + tonumber(ARGV[2]), ARGV[1])
    redis.call('PEXPIRE', key, ARGV[2])
  end
end
return -1`;

// XX: a refresh never brings back a lease that was released meanwhile.
const refreshScript = `
local t = redis.call('TIME')
local expires = t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', expires, ARGV[i + 1])
  redis.call('PEXPIRE', key, ARGV[1])
end
return 0`;

const refreshBatch = 500;

/** Socket leases in Redis, shared by every instance; keys start with the deployment's bus channel. */
export function redisLeases(client: Redis, prefix: string): SharedLeases {
  // Hashed: addresses and session ids never sit in Redis in clear.
  const redisKey = (claim: LeaseClaim) =>
    `${prefix}:sockets:${claim.name}:${createHash('sha256').update(claim.key).digest('base64url')}`;
  const run = async (mode: 'take' | 'check', leaseId: string, claims: LeaseClaim[], ttlMs: number) =>
    Number(
      await client.eval(
        takeScript,
        claims.length,
        ...claims.map(redisKey),
        leaseId,
        ttlMs,
        mode,
        ...claims.map((c) => c.cap),
      ),
    );
  return {
    acquire: (leaseId, claims, ttlMs) => run('take', leaseId, claims, ttlMs),
    check: (claims) => run('check', '', claims, 0),
    async release(leaseId, claims) {
      await Promise.all(claims.map((claim) => client.zrem(redisKey(claim), leaseId)));
    },
    async refresh(leases, ttlMs) {
      const pairs = leases.flatMap(({ leaseId, claims }) => claims.map((claim) => [redisKey(claim), leaseId] as const));
      for (let i = 0; i < pairs.length; i += refreshBatch) {
        const batch = pairs.slice(i, i + refreshBatch);
        await client.eval(
          refreshScript,
          batch.length,
          ...batch.map(([key]) => key),
          ttlMs,
          ...batch.map(([, leaseId]) => leaseId),
        );
      }
    },
  };
}
