import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../support/db';
import { HttpPlayer } from '../support/http-player';
import { oneShot, onWorker } from '../support/one-shot';
import { childrenOf, spawnServer, startTwoWorkers, type ServerProcess } from '../support/process';
import { openSocket, type TestSocket } from '../support/socket';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bitbreach-cluster-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    // A poll interval between probes, not a sleep standing in for a condition.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// WORKERS=2 on PostgreSQL without Redis: the events, session revocations and login counters cross
// workers through the primary (ADR 036). Each test would pass on a single process and fails if
// the relay or the shared counters are taken out.
const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('one server, two workers, no Redis [postgres]', { timeout: 240_000 }, () => {
  let cluster: Awaited<ReturnType<typeof startTwoWorkers>>;
  let db: TestDatabase;
  let server: ServerProcess;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await startTwoWorkers({
      SESSION_SECRET: 'cluster-test-secret-cluster-test-secret-0',
      LOGIN_ATTEMPTS_PER_LOGIN_ID: '3',
    });
    ({ server, db } = cluster);
  }, 240_000);
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await cluster?.stop();
  });

  /** Sockets of `player` until there is one on each worker; returns them by worker. */
  async function socketsOnBothWorkers(player: HttpPlayer): Promise<Map<string, TestSocket>> {
    const byWorker = new Map<string, TestSocket>();
    for (let i = 0; i < 8 && byWorker.size < 2; i++) {
      const socket = await openSocket(server.url, player.cookie);
      sockets.push(socket);
      byWorker.set(String(socket.upgradeHeaders['x-worker']), socket);
    }
    expect(byWorker.size).toBe(2);
    return byWorker;
  }

  it('prints one start-up line naming the workers, and runs two worker processes', () => {
    expect(server.output()).toMatch(/is up on http:\/\/localhost:\d+ \(PostgreSQL, 2 workers\)/);
    expect(childrenOf(server.child.pid!)).toHaveLength(2);
  });

  it('a chat line posted to one worker reaches the reader’s sockets on both workers', async () => {
    const writer = new HttpPlayer(server.url, 'clusterwriter');
    const reader = new HttpPlayer(server.url, 'clusterreader');
    await writer.register();
    await reader.register();
    const byWorker = await socketsOnBothWorkers(reader);

    const posted = await oneShot(server.url, 'POST', '/api/chat/messages', {
      cookie: writer.cookie,
      csrfToken: writer.csrfToken,
      body: { message: 'across the workers' },
    });
    expect(posted.status).toBe(201);
    // One of the reader's sockets is on the worker that took the POST, the other on the other worker.
    expect(byWorker.has(posted.worker!)).toBe(true);
    const id = posted.json<{ id: number }>().id;
    for (const socket of byWorker.values()) {
      const line = await socket.next('chat_message', (e) => e.d.id === id, 10_000);
      expect(line.d.message).toBe('across the workers');
    }
  });

  it('a logout on one worker is refused at once on the other, whose cache had the session', async () => {
    const player = new HttpPlayer(server.url, 'clusterlogout');
    await player.register();
    const asked = { cookie: player.cookie, csrfToken: player.csrfToken };
    // Both workers read the session and keep it in their cache (5 s, ADR 035).
    const cachedOn = new Set<string>();
    for (let i = 0; i < 20 && cachedOn.size < 2; i++) {
      const me = await oneShot(server.url, 'GET', '/api/auth/user', asked);
      expect(me.status).toBe(200);
      cachedOn.add(me.worker!);
    }
    expect(cachedOn.size).toBe(2);
    const logout = await oneShot(server.url, 'POST', '/api/auth/logout', asked);
    expect(logout.status).toBeLessThan(300);
    const other = [...cachedOn].find((w) => w !== logout.worker)!;
    // Well inside the cache's 5 s: only the relayed session.ended can make the other worker forget it.
    const after = await onWorker(other, () => oneShot(server.url, 'GET', '/api/auth/user', asked));
    expect(after.status).toBe(401);
  });

  it('counts wrong passwords on both workers against one limit', async () => {
    const player = new HttpPlayer(server.url, 'clustercount');
    await player.register();
    const login = (password: string) =>
      oneShot(server.url, 'POST', '/api/auth/login', { body: { loginId: player.loginId, password } });
    const served = new Set<string>();
    // LOGIN_ATTEMPTS_PER_LOGIN_ID=3, spread over both workers: counted apart, neither would have reached 3.
    for (let i = 0; i < 3; i++) {
      const wrong = await login('Wrongpass1');
      expect(wrong.status).toBe(401);
      served.add(wrong.worker!);
    }
    expect(served.size).toBe(2);
    expect((await login(player.password)).status).toBe(429);
  });

  it('both workers poll the jobs table, and each of 200 due jobs runs exactly once', async () => {
    // Intrusion expiries for intrusions that no longer exist: the handler finds nothing and succeeds.
    await db.database.query(
      "INSERT INTO jobs (kind, payload, run_at, max_attempts) SELECT 'terminal.intrusionExpired', " +
        "jsonb_build_object('intrusionId', 1000000 + g), now() - interval '1 second', 5 FROM generate_series(1, 200) g",
    );
    const done = await waitFor(async () => {
      const [row] = await db.database.query<{ pending: number }>(
        "SELECT count(*)::int AS pending FROM jobs WHERE status = 'pending' AND kind = 'terminal.intrusionExpired'",
      );
      return row!.pending === 0 ? true : undefined;
    }, 'the jobs to run');
    expect(done).toBe(true);
    // A job run twice would have counted two attempts (a successful run counts one).
    const rows = await db.database.query<{ status: string; attempts: number; n: number }>(
      "SELECT status, attempts, count(*)::int AS n FROM jobs WHERE kind = 'terminal.intrusionExpired' GROUP BY status, attempts",
    );
    expect(rows).toEqual([{ status: 'done', attempts: 1, n: 200 }]);
  });

  it('replaces a worker killed with SIGKILL; the other keeps serving meanwhile', async () => {
    const [victim] = childrenOf(server.child.pid!);
    process.kill(victim!, 'SIGKILL');
    // The survivor answers while the primary starts a replacement (a connection caught in the
    // instant of the crash may fail once, as it would for any client: it is asked again).
    const readyz = () => oneShot(server.url, 'GET', '/readyz', { timeoutMs: 5000 });
    for (let i = 0; i < 4; i++) expect((await readyz().catch(readyz)).status).toBe(200);
    await waitFor(
      async () => (/exited with signal SIGKILL; starting a new one/.test(server.output()) ? true : undefined),
      'the crash to be reported',
    );
    const workers = await waitFor(
      async () => {
        const kids = childrenOf(server.child.pid!);
        const answers = await Promise.all(
          [0, 1, 2, 3].map(() => readyz().catch(() => ({ status: 0, worker: undefined }))),
        );
        const seen = new Set(answers.filter((a) => a.status === 200).map((a) => a.worker));
        return kids.length === 2 && !kids.includes(victim!) && seen.size === 2 ? seen : undefined;
      },
      'a replacement worker to serve',
      120_000,
    );
    expect(workers.size).toBe(2);
  });

  it('drains every worker on SIGTERM: sockets closed with 1001, then the primary exits 0', async () => {
    const player = new HttpPlayer(server.url, 'clusterdrain');
    await player.register();
    const byWorker = await socketsOnBothWorkers(player);
    const workers = childrenOf(server.child.pid!);
    server.child.kill('SIGTERM');
    for (const socket of byWorker.values()) expect((await socket.closed).code).toBe(1001);
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('WORKERS with the embedded database [pglite]', { timeout: 240_000 }, () => {
  it('runs one process and says why when WORKERS=2 is asked', async () => {
    const server = await spawnServer({ WORKERS: '2', DATA_DIR: tempDataDir(), ACCOUNTS_PER_IP: '0' });
    try {
      expect(server.output()).toContain('WORKERS=2 ignored: the embedded PGlite database lives in one process');
      expect(server.output()).toMatch(/is up on http:\/\/localhost:\d+ \(PGlite at /);
      expect(childrenOf(server.child.pid!)).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
