import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { asPlayer, type Player } from '../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../tests/support/instances';
import { openAtOnce, tally } from '../../../tests/support/limit-probe';
import { openSocket, type TestSocket } from '../../../tests/support/socket';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Lower socket caps than the defaults, set as an operator sets them (SOCKETS_PER_ADDRESS and
// SOCKET_UPGRADES_PER_ADDRESS through the config), so a test opens a dozen sockets, not a hundred, and
// a changed limit is shown to hold over both instances.
const limits = { socketsPerAddress: 9, upgradesPerAddress: 20 };
const addressConfig = {
  socketsPerAddress: limits.socketsPerAddress,
  socketUpgradesPerAddress: limits.upgradesPerAddress,
};

// Two instances behind a load balancer on one PostgreSQL and one Redis: every per-player and
// per-address limit counts in Redis (ADR 045). Counted per instance, each would let twice the limit
// through. (Two workers without Redis: tests/integration/cluster-limits.test.ts.)
describe.skipIf(!process.env.TEST_DATABASE_URL)('limits shared by two instances through Redis [postgres]', () => {
  let run: Instances;
  const sockets: TestSocket[] = [];
  let addresses = 0;
  // The instances trust X-Forwarded-For (as behind HAProxy), so each socket test has its own address.
  const freshAddress = () => `198.18.9.${++addresses}`;
  beforeAll(async () => {
    run = await startInstances(2, redisUrl, { config: { trustProxy: true, ...addressConfig } });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await run?.close();
  });

  /** `count` requests from one player, alternating between the instances. */
  const spread = (p: Player, method: 'GET' | 'POST', url: string, body?: unknown) => (count: number) =>
    tally(count, 4, async (i) => ({
      status: (await via(run.apps[i % 2]!, p, method, url, body)).statusCode,
      servedBy: String(i % 2),
    }));

  it('refuses exactly 180 of 300 item actions from one player (120 a minute)', async () => {
    const { statuses } = await spread(await asPlayer(run.apps[0]!), 'POST', '/api/marketplace/remove', {
      listingId: 999_999,
    })(300);
    expect(statuses.get(429)).toBe(300 - infra.itemActionsPerMinute);
  });

  it('refuses exactly 30 of 150 Kernel actions from one player (120 a minute)', async () => {
    // A valid colour: a body the contract refuses is answered 400 before any limit counts it (ADR 074).
    const colour = { colorR: 1, colorG: 2, colorB: 3 };
    const { statuses } = await spread(await asPlayer(run.apps[0]!), 'POST', '/api/grid/set-color', colour)(150);
    expect(statuses.get(429)).toBe(150 - infra.kernelActionsPerMinute);
  });

  it('refuses exactly 60 of 300 Terminal requests from one player (240 a minute)', async () => {
    const { statuses } = await spread(await asPlayer(run.apps[0]!), 'GET', '/api/filesystem/status')(300);
    expect(statuses.get(429)).toBe(300 - infra.terminalRequestsPerMinute);
  });

  it('refuses exactly 100 of 700 webhook deliveries from one address (600 a minute)', async () => {
    const remoteAddress = freshAddress();
    const { statuses } = await tally(700, 4, async (i) => {
      const res = await run.apps[i % 2]!.fastify.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        remoteAddress,
        payload: {},
      });
      return { status: res.statusCode, servedBy: String(i % 2) };
    });
    expect(statuses.get(429)).toBe(700 - infra.virusWebhooksPerMinute);
  });

  it('opens only the session’s 8 of 10 sockets opened at once on both instances', async () => {
    const p = await asPlayer(run.apps[0]!);
    const headers = { 'x-forwarded-for': freshAddress() };
    let i = 0;
    const opened = await openAtOnce(10, () => openSocket(run.urls[i++ % 2]!, p.cookie, headers));
    sockets.push(...opened.accepted);
    // A socket the cap refused after its upgrade is closed by the server: wait for that, not a time.
    await expect.poll(() => opened.stillOpen().length, { timeout: 10_000 }).toBe(infra.socketsPerSession);
    await expect(openSocket(run.urls[1]!, p.cookie, headers)).rejects.toThrow(/refused with 429/);
  });

  it('caps open sockets per address over both instances, across sessions', async () => {
    const headers = { 'x-forwarded-for': freshAddress() };
    const players = [await asPlayer(run.apps[0]!), await asPlayer(run.apps[0]!), await asPlayer(run.apps[0]!)];
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const socket = await openSocket(run.urls[i % 2]!, players[i % 3]!.cookie, headers).catch(() => null);
      if (socket) sockets.push(socket);
      else refused += 1;
    }
    expect(refused).toBe(12 - limits.socketsPerAddress);
  });

  it('counts socket upgrades per address over both instances', async () => {
    const p = await asPlayer(run.apps[0]!);
    const headers = { 'x-forwarded-for': freshAddress() };
    // One socket at a time, closed before the next: only the upgrade rate can refuse.
    const { statuses } = await tally(25, 1, async (i) => {
      const socket = await openSocket(run.urls[i % 2]!, p.cookie, headers).catch(() => null);
      await socket?.close();
      return { status: socket ? 101 : 429, servedBy: String(i % 2) };
    });
    expect(statuses.get(429)).toBe(25 - limits.upgradesPerAddress);
  });
});
