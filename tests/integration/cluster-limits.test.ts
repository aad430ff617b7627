import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra } from '../../src/core/infra';
import { HttpPlayer } from '../support/http-player';
import { openAtOnce, tally } from '../support/limit-probe';
import { oneShot } from '../support/one-shot';
import { childrenOf, startTwoWorkers, type ServerProcess } from '../support/process';
import { handshakeStatus, openSocket, type TestSocket } from '../support/socket';

// WORKERS=2 on PostgreSQL without Redis: every per-player and per-address limit counts in the
// primary (ADR 045), so spreading requests over both workers gets no more than one limit. Counted
// per worker, each of these would let twice the limit through. (Two instances on Redis:
// src/server/http/shared-limits.int.test.ts.)
const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('limits on a server with two workers, no Redis [postgres]', { timeout: 240_000 }, () => {
  let cluster: Awaited<ReturnType<typeof startTwoWorkers>>;
  let server: ServerProcess;
  const sockets: TestSocket[] = [];
  let addresses = 0;
  // The server trusts X-Forwarded-For (as behind HAProxy), so each test comes from its own address.
  const freshAddress = () => `198.18.7.${++addresses}`;

  // Per-address socket limits below the defaults, set as an operator sets them (environment), so a
  // test opens dozens of sockets rather than hundreds, and a changed limit is shown to hold over both workers.
  const socketsPerAddress = 30;
  const upgradesPerAddress = 40;
  beforeAll(async () => {
    cluster = await startTwoWorkers({
      SESSION_SECRET: 'cluster-limits-secret-cluster-limits-0',
      TRUST_PROXY: 'true',
      METRICS_TOKEN: 'cluster-limits-metrics-token',
      SOCKETS_PER_ADDRESS: String(socketsPerAddress),
      SOCKET_UPGRADES_PER_ADDRESS: String(upgradesPerAddress),
    });
    server = cluster.server;
  }, 240_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await cluster?.stop();
  });

  async function player(name: string): Promise<HttpPlayer> {
    const p = new HttpPlayer(server.url, `${name}${process.pid % 1000}`);
    await p.register();
    return p;
  }
  /** `count` requests from one player on fresh connections (so both workers take a share). */
  const asPlayer = (p: HttpPlayer, method: 'GET' | 'POST', path: string, body?: unknown) => (count: number) =>
    tally(count, 6, async () => {
      const answer = await oneShot(server.url, method, path, {
        cookie: p.cookie,
        csrfToken: p.csrfToken,
        ...(body !== undefined ? { body } : {}),
      });
      return { status: answer.status, servedBy: answer.worker };
    });

  it('refuses exactly 180 of 300 item actions from one player (120 a minute)', async () => {
    const p = await player('limititems');
    const { statuses, servedBy } = await asPlayer(p, 'POST', '/api/marketplace/remove', { listingId: 999_999 })(300);
    expect(servedBy.size).toBe(2);
    expect(statuses.get(429)).toBe(300 - infra.itemActionsPerMinute);
  });

  it('refuses exactly 30 of 150 Kernel actions from one player (120 a minute)', async () => {
    // A valid colour: a body the contract refuses is answered 400 before any limit counts it (ADR 074).
    const colour = { colorR: 1, colorG: 2, colorB: 3 };
    const p = await player('limitkernel');
    const { statuses, servedBy } = await asPlayer(p, 'POST', '/api/grid/set-color', colour)(150);
    expect(servedBy.size).toBe(2);
    expect(statuses.get(429)).toBe(150 - infra.kernelActionsPerMinute);
  });

  it('refuses exactly 60 of 300 Terminal requests from one player (240 a minute)', async () => {
    const p = await player('limitterm');
    const { statuses, servedBy } = await asPlayer(p, 'GET', '/api/filesystem/status')(300);
    expect(servedBy.size).toBe(2);
    expect(statuses.get(429)).toBe(300 - infra.terminalRequestsPerMinute);
  });

  it('refuses exactly 100 of 700 webhook deliveries from one address (600 a minute)', async () => {
    const address = freshAddress();
    const { statuses, servedBy } = await tally(700, 6, async () => {
      const answer = await oneShot(server.url, 'POST', '/api/payments/webhook', {
        body: {},
        headers: { 'x-forwarded-for': address },
      });
      return { status: answer.status, servedBy: answer.worker };
    });
    expect(servedBy.size).toBe(2);
    expect(statuses.get(429)).toBe(700 - infra.virusWebhooksPerMinute);
  });

  it('opens only the session’s 8 of 10 sockets opened at once, and refuses the next', async () => {
    const p = await player('limitsockets');
    const headers = { 'x-forwarded-for': freshAddress() };
    const opened = await openAtOnce(10, () => openSocket(server.url, p.cookie, headers));
    sockets.push(...opened.accepted);
    expect(new Set(opened.accepted.map((s) => s.upgradeHeaders['x-worker'])).size).toBe(2);
    // A socket the cap refused after its upgrade is closed by the server: wait for that, not a time.
    await expect.poll(() => opened.stillOpen().length, { timeout: 10_000 }).toBe(infra.socketsPerSession);
    expect(await handshakeStatus(server.url, { cookie: p.cookie, origin: server.url, ...headers })).toBe(429);
  });

  it('caps open sockets per address over both workers (SOCKETS_PER_ADDRESS), across sessions', async () => {
    const headers = { 'x-forwarded-for': freshAddress() };
    const players = await Promise.all(Array.from({ length: 5 }, (_, i) => player(`limitaddr${i}`)));
    let refused = 0;
    for (const p of players) {
      for (let i = 0; i < infra.socketsPerSession; i++) {
        const socket = await openSocket(server.url, p.cookie, headers).catch((error: unknown) => {
          if (!/refused with 429/.test(String(error))) throw error;
          refused += 1;
          return null;
        });
        if (socket) sockets.push(socket);
      }
    }
    expect(refused).toBe(players.length * infra.socketsPerSession - socketsPerAddress);
  });

  it('counts socket upgrades per address over both workers (SOCKET_UPGRADES_PER_ADDRESS a minute)', async () => {
    const p = await player('limitupgrades');
    const headers = { 'x-forwarded-for': freshAddress() };
    // One socket at a time, closed before the next: only the upgrade rate can refuse.
    const { statuses, servedBy } = await tally(60, 1, async () => {
      const socket = await openSocket(server.url, p.cookie, headers).catch((error: unknown) => {
        if (/refused with 429/.test(String(error))) return null;
        throw error;
      });
      await socket?.close();
      return { status: socket ? 101 : 429, servedBy: socket ? String(socket.upgradeHeaders['x-worker']) : undefined };
    });
    expect(servedBy.size).toBe(2);
    expect(statuses.get(429)).toBe(60 - upgradesPerAddress);
  });

  // Last: it takes a worker down (the primary starts another).
  it('frees the places of a worker killed with SIGKILL at once', async () => {
    const p = await player('limitcrash');
    const headers = { 'x-forwarded-for': freshAddress() };
    const mine: TestSocket[] = [];
    for (let i = 0; i < infra.socketsPerSession; i++) mine.push(await openSocket(server.url, p.cookie, headers));
    sockets.push(...mine);
    const byWorker = new Map<string, TestSocket[]>();
    for (const s of mine)
      byWorker.set(String(s.upgradeHeaders['x-worker']), [
        ...(byWorker.get(String(s.upgradeHeaders['x-worker'])) ?? []),
        s,
      ]);
    expect(byWorker.size).toBe(2);
    process.kill(childrenOf(server.child.pid!)[0]!, 'SIGKILL');
    // The killed worker's sockets drop (a condition, polled): which group that was tells how many places it held.
    const closedGroup = () =>
      [...byWorker.values()].find((group) => group.every((s) => s.ws.readyState === s.ws.CLOSED));
    await expect.poll(() => closedGroup() !== undefined, { timeout: 30_000 }).toBe(true);
    const lost = closedGroup()!.length;
    // The primary has seen the exit once it says so (and hands no connection to the dead worker after that).
    await expect.poll(() => /exited with signal SIGKILL/.test(server.output()), { timeout: 30_000 }).toBe(true);
    // Its places were given back when it exited, not kept until the primary restarts.
    for (let i = 0; i < lost; i++) sockets.push(await openSocket(server.url, p.cookie, headers));
    expect(await handshakeStatus(server.url, { cookie: p.cookie, origin: server.url, ...headers })).toBe(429);
  });
});
