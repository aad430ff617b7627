import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisLeases, type LeaseClaim } from './socket-leases';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Open-socket leases in Redis (ADR 045): what two instances share, and what a crashed one leaves.
describe('socket leases in Redis', () => {
  const client = new Redis(redisUrl);
  afterAll(() => client.disconnect());
  const fresh = () => {
    const prefix = `bitbreach:test:${randomUUID()}`;
    return {
      leases: redisLeases(client, prefix),
      session: { name: 'session', key: randomUUID(), cap: 2 } satisfies LeaseClaim,
    };
  };

  it('takes a place under the cap or refuses, and frees it on release', async () => {
    const { leases, session } = fresh();
    const address: LeaseClaim = { name: 'address', key: '10.1.2.3', cap: 5 };
    const taken = await Promise.all(['a', 'b', 'c', 'd'].map((id) => leases.acquire(id, [session, address], 60_000)));
    // Atomic: of four at once, exactly the cap's two get in; a refused one takes no address place.
    expect(taken.filter((t) => t === -1)).toHaveLength(2);
    expect(taken.filter((t) => t === 0)).toHaveLength(2);
    expect(await leases.check([session])).toBe(0);
    expect(await leases.check([{ ...address, cap: 3 }])).toBe(-1);
    const holder = ['a', 'b', 'c', 'd'][taken.indexOf(-1)]!;
    await leases.release(holder, [session, address]);
    expect(await leases.check([session])).toBe(-1);
  });

  it('lets the leases of an instance that stopped refreshing them expire, and keeps the refreshed', async () => {
    const { leases, session } = fresh();
    // Both taken for a short while; only 'alive' is refreshed (its instance's heartbeat).
    expect(await leases.acquire('crashed', [session], 300)).toBe(-1);
    expect(await leases.acquire('alive', [session], 300)).toBe(-1);
    await leases.refresh([{ leaseId: 'alive', claims: [session] }], 60_000);
    expect(await leases.acquire('new', [session], 60_000)).toBe(0);
    // Wait for the crashed instance's lease to lapse (a condition, polled), then one place is free again.
    await expect.poll(() => leases.acquire('new', [session], 60_000), { timeout: 5_000, interval: 50 }).toBe(-1);
    expect(await leases.acquire('another', [session], 60_000)).toBe(0);
  });

  it('never brings back a released lease on refresh', async () => {
    const { leases, session } = fresh();
    await leases.acquire('gone', [session], 60_000);
    await leases.release('gone', [session]);
    await leases.refresh([{ leaseId: 'gone', claims: [session] }], 60_000);
    expect(await leases.acquire('x', [session], 60_000)).toBe(-1);
    expect(await leases.acquire('y', [session], 60_000)).toBe(-1);
  });
});
