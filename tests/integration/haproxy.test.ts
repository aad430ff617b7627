import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyBinary, type HaproxyProcess } from '../support/haproxy';
import { startHaproxyPair, type HaproxyPair } from '../support/haproxy-pair';
import { HttpPlayer } from '../support/http-player';
import { oneShot } from '../support/one-shot';
import { openSocket, type TestSocket } from '../support/socket';

// deploy/haproxy.cfg in front of two real server processes on PostgreSQL and Redis. Skipped only
// off CI without HAProxy (`apt-get install -y haproxy`); in CI it runs (.ci/run installs it).
const haproxyInstalled = existsSync(haproxyBinary);
const runs = Boolean(process.env.TEST_DATABASE_URL) && (haproxyInstalled || Boolean(process.env.CI));
if (!runs) {
  console.warn(
    !process.env.TEST_DATABASE_URL
      ? 'haproxy.test.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL)'
      : `haproxy.test.ts skipped: ${haproxyBinary} is not installed (apt-get install -y haproxy)`,
  );
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  acknowledgedTaps: Map<string, number>;
  /** Batches that got no 200 (refused, or lost with an instance): each may or may not have counted. */
  unansweredTaps: Map<string, number>;
  acknowledgedChat: number[];
  failedRequests: number;
  /** What each failed request got: its status or error, so a failure says what HAProxy or the server did. */
  failures: string[];
}

/** What each player does while an instance goes away: a tap-batch every 250 ms and a chat line every 1.2 s (≤ 3). */
function playLoad(players: HttpPlayer[], until: { stop: boolean }): { tally: Tally; done: Promise<unknown> } {
  const tally: Tally = {
    acknowledgedTaps: new Map(),
    unansweredTaps: new Map(),
    acknowledgedChat: [],
    failedRequests: 0,
    failures: [],
  };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let stamp = Date.now();
  const taps = players.map(async (p) => {
    while (!until.stop) {
      try {
        const res = await p.tapBatch(1, ++stamp);
        if (res.status === 200) add(tally.acknowledgedTaps, p.loginId);
        else {
          add(tally.unansweredTaps, p.loginId);
          if (res.status !== 429) {
            tally.failedRequests += 1;
            tally.failures.push(`tap ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      } catch (error) {
        add(tally.unansweredTaps, p.loginId);
        tally.failedRequests += 1;
        tally.failures.push(`tap ${String(error)}`);
      }
      await sleep(250);
    }
  });
  const chat = players.map(async (p, i) => {
    await sleep(150 * i);
    for (let line = 0; line < 3 && !until.stop; line++) {
      try {
        const res = await fetch(`${p.baseUrl}/api/chat/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: p.cookie, 'x-csrf-token': p.csrfToken },
          body: JSON.stringify({ message: `${p.loginId} line ${line}` }),
        });
        if (res.status === 201) tally.acknowledgedChat.push(((await res.json()) as { id: number }).id);
        else {
          tally.failedRequests += 1;
          tally.failures.push(`chat ${res.status} from ${res.headers.get('x-served-by') ?? 'haproxy'}`);
        }
      } catch (error) {
        tally.failedRequests += 1;
        tally.failures.push(`chat ${String(error)}`);
      }
      await sleep(1200);
    }
  });
  return { tally, done: Promise.all([...taps, ...chat]) };
}

const acknowledgedTaps = (tally: Tally) => [...tally.acknowledgedTaps.values()].reduce((a, b) => a + b, 0);

/** Resolves once the load has had `taps` more tap-batches acknowledged and at least one chat line: it is under way. */
async function loadProgress(tally: Tally, taps: number): Promise<void> {
  const target = acknowledgedTaps(tally) + taps;
  const until = Date.now() + 30_000;
  while (acknowledgedTaps(tally) < target || tally.acknowledgedChat.length === 0) {
    if (Date.now() > until) throw new Error(`the load never got ${taps} more taps acknowledged: ${tally.failures}`);
    await sleep(50);
  }
}

/** Opens a socket through the proxy, asking again while it still routes to an instance that is going away. */
async function reconnect(url: string, cookie: string): Promise<TestSocket> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openSocket(url, cookie);
    } catch (error) {
      if (attempt >= 40) throw error;
      await sleep(250);
    }
  }
}

describe.skipIf(!runs)('two instances behind HAProxy on PostgreSQL and Redis [postgres]', { timeout: 120_000 }, () => {
  let pair: HaproxyPair;
  let proxy: HaproxyProcess;
  let servers: HaproxyPair['servers'];
  const sockets: TestSocket[] = [];
  const start = (name: 'app1' | 'app2') => pair.start(name);
  const bothServing = () => pair.bothServing();

  /** Registers players through the proxy and opens one socket each, until sockets sit on both instances. */
  async function playersWithSockets(prefix: string, count: number) {
    const players = Array.from({ length: count }, (_, i) => new HttpPlayer(proxy.url, `${prefix}${i}`));
    for (const p of players) await p.register();
    const mine: TestSocket[] = [];
    for (const p of players) {
      const socket = await openSocket(proxy.url, p.cookie);
      mine.push(socket);
      sockets.push(socket);
    }
    const on = (name: string) => mine.filter((s) => s.upgradeHeaders['x-served-by'] === name);
    expect(on('app1').length).toBeGreaterThan(0);
    expect(on('app2').length).toBeGreaterThan(0);
    return { players, mine, on };
  }

  /** Every acknowledged decode and chat line is in the database, seen through the surviving instance. */
  async function expectNothingAcknowledgedLost(players: HttpPlayer[], tally: Tally): Promise<void> {
    for (const p of players) {
      const me = await p.user();
      expect(me.status).toBe(200);
      const acknowledged = tally.acknowledgedTaps.get(p.loginId) ?? 0;
      expect(me.body.totalTaps).toBeGreaterThanOrEqual(acknowledged);
      // A batch lost with its instance may have committed just before: never more than those.
      expect(me.body.totalTaps).toBeLessThanOrEqual(acknowledged + (tally.unansweredTaps.get(p.loginId) ?? 0));
    }
    const history = await fetch(`${proxy.url}/api/chat/messages?limit=100`, {
      headers: { cookie: players[0]!.cookie },
    });
    const ids = new Set(((await history.json()) as { messages: Array<{ id: number }> }).messages.map((m) => m.id));
    for (const id of tally.acknowledgedChat) expect(ids.has(id)).toBe(true);
  }

  /** A line posted now reaches every socket, the reconnected ones included, live. */
  async function expectLiveDelivery(writer: HttpPlayer, readers: TestSocket[]): Promise<void> {
    const res = await fetch(`${proxy.url}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: writer.cookie, 'x-csrf-token': writer.csrfToken },
      body: JSON.stringify({ message: 'after the failover' }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    for (const socket of readers) await socket.next('chat_message', (e) => e.d.id === id, 10_000);
  }

  beforeAll(async () => {
    pair = await startHaproxyPair();
    ({ proxy, servers } = pair);
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) await socket.close().catch(() => {});
    await pair?.close();
  });

  it('keeps /metrics private: HAProxy refuses it however it is spelled, and an instance behind it wants METRICS_TOKEN even from loopback', async () => {
    for (const path of [
      '/metrics',
      '/metrics?format=text',
      '/%6Detrics',
      '/%6detrics',
      '//metrics',
      '/METRICS',
      '/metrics/',
    ]) {
      const res = await oneShot(proxy.url, 'GET', path);
      expect(res.status, path).toBe(404);
      // No instance saw it: HAProxy answered itself (x-served-by is added to instances' answers only).
      expect(res.headersServedBy, path).toBeUndefined();
      expect(res.body, path).not.toContain('bitbreach_');
    }
    // The instance's socket peer is loopback for every request HAProxy forwards, so loopback proves nothing.
    const direct = await oneShot(servers.app1!.url, 'GET', '/metrics');
    expect(direct.status).toBe(404);
    expect(direct.body).not.toContain('bitbreach_');
    // The proxy still forwards everything else.
    expect((await oneShot(proxy.url, 'GET', '/readyz')).headersServedBy).toBeDefined();
  });

  it('SIGKILL of one instance mid-load: its sockets reconnect to the other, and nothing acknowledged is lost', async () => {
    const { players, mine, on } = await playersWithSockets('killed', 6);
    const until = { stop: false };
    const load = playLoad(players, until);
    await loadProgress(load.tally, players.length);
    const doomed = on('app1');
    servers.app1!.child.kill('SIGKILL');
    await servers.app1!.exited;
    // Its sockets drop; the tabs reconnect through the proxy, which now has only app2.
    const reconnected: TestSocket[] = [];
    for (const socket of doomed) {
      await socket.closed;
      const player = players[mine.indexOf(socket)]!;
      const again = await reconnect(proxy.url, player.cookie);
      expect(again.upgradeHeaders['x-served-by']).toBe('app2');
      reconnected.push(again);
      sockets.push(again);
    }
    await loadProgress(load.tally, players.length);
    until.stop = true;
    await load.done;
    expect(load.tally.acknowledgedChat.length).toBeGreaterThan(0);
    expect(acknowledgedTaps(load.tally)).toBeGreaterThan(players.length);

    await expectNothingAcknowledgedLost(players, load.tally);
    await expectLiveDelivery(players[0]!, [...on('app2'), ...reconnected]);
  });

  it('SIGTERM of one instance mid-load drains it: HAProxy moves new work away, sockets close with 1001 and reconnect, no request fails', async () => {
    await start('app1');
    await bothServing();
    // The first test's tabs close, so leastconn spreads the new sockets over both instances.
    for (const socket of sockets.splice(0)) await socket.close();
    const { players, mine, on } = await playersWithSockets('drained', 6);
    const until = { stop: false };
    const load = playLoad(players, until);
    await loadProgress(load.tally, players.length);
    const draining = on('app2');
    servers.app2!.child.kill('SIGTERM');
    const reconnected: TestSocket[] = [];
    for (const socket of draining) {
      // The reconnect hint: 1001 "going away", not a dropped connection.
      expect((await socket.closed).code).toBe(1001);
      const again = await reconnect(proxy.url, players[mine.indexOf(socket)]!.cookie);
      expect(again.upgradeHeaders['x-served-by']).toBe('app1');
      reconnected.push(again);
      sockets.push(again);
    }
    expect(await servers.app2!.exited).toBe(0);
    await loadProgress(load.tally, players.length);
    until.stop = true;
    await load.done;

    // Drained, not dropped: every request got an answer (a 429 from the tap-rate ceiling is an answer).
    expect(load.tally.failures).toEqual([]);
    expect(load.tally.failedRequests).toBe(0);
    await expectNothingAcknowledgedLost(players, load.tally);
    await expectLiveDelivery(players[0]!, [...on('app1'), ...reconnected]);
  });
});
