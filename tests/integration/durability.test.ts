import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/connect';
import { HttpPlayer } from '../support/http-player';
import { runServerToExit, spawnServer } from '../support/process';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bitbreach-data-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Each test starts real server processes (tsx + PGlite): generous bounds, since a loaded CI machine starts them slowly.
describe('the embedded database under DATA_DIR [pglite]', { timeout: 240_000 }, () => {
  it('refuses a second process on the same data folder with a clear message', async () => {
    const dataDir = tempDataDir();
    const first = await spawnServer({ DATA_DIR: dataDir, ACCOUNTS_PER_IP: '0' });
    try {
      const second = await runServerToExit({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`is in use by another Bitbreach process (pid ${first.child.pid})`);
      // The first one is unharmed.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('closes cleanly on SIGTERM and SIGINT, releasing the folder and keeping the data', async () => {
    const dataDir = tempDataDir();
    let server = await spawnServer({ DATA_DIR: dataDir, ACCOUNTS_PER_IP: '0' });
    const player = new HttpPlayer(server.url, 'sigterm1');
    await player.register();
    expect((await player.tapBatch(3, 1)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    server = await spawnServer({ DATA_DIR: dataDir, ACCOUNTS_PER_IP: '0' });
    const again = new HttpPlayer(server.url, 'sigterm1');
    again.cookie = player.cookie; // the session and its secret survived the restart
    const me = await again.user();
    expect(me.body).toMatchObject({ username: 'sigterm1', totalTaps: 3 });
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('keeps every acknowledged decode when killed with SIGKILL in the middle of a tap load', async () => {
    const dataDir = tempDataDir();
    let server = await spawnServer({ DATA_DIR: dataDir, ACCOUNTS_PER_IP: '0' });
    const players = Array.from({ length: 12 }, (_, i) => new HttpPlayer(server.url, `crash${i}`));
    for (const p of players) await p.register();

    const acknowledged = new Map<string, number>();
    let stamp = 0;
    let killed = false;
    const load = players.map(async (p) => {
      while (!killed) {
        try {
          const res = await p.tapBatch(1, ++stamp);
          if (res.status === 200) acknowledged.set(p.loginId, (acknowledged.get(p.loginId) ?? 0) + 1);
        } catch {
          return; // the connection died with the server
        }
      }
    });
    // Kill it mid-load once enough taps were acknowledged (a count, not a time).
    const acknowledgedSoFar = () => [...acknowledged.values()].reduce((a, b) => a + b, 0);
    await expect.poll(acknowledgedSoFar, { timeout: 30_000, interval: 10 }).toBeGreaterThan(40);
    killed = true;
    server.child.kill('SIGKILL');
    await Promise.all(load);
    await server.exited;
    const totalAcknowledged = [...acknowledged.values()].reduce((a, b) => a + b, 0);
    expect(totalAcknowledged).toBeGreaterThan(20);

    // The stale lock of the killed process is taken over; the database opens and recovers.
    server = await spawnServer({ DATA_DIR: dataDir, ACCOUNTS_PER_IP: '0' });
    try {
      for (const p of players) {
        p.baseUrl = server.url;
        const me = await p.user();
        expect(me.status).toBe(200);
        const ack = acknowledged.get(p.loginId) ?? 0;
        // Every acknowledged decode is there; at most the one batch in flight when it died is extra.
        expect(me.body.totalTaps).toBeGreaterThanOrEqual(ack);
        expect(me.body.totalTaps).toBeLessThanOrEqual(ack + 1);
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // No corruption: ledger and balances agree, and PostgreSQL's own checks pass.
    const database = await createDb({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const mismatched = await database.query(
        'SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(delta) s FROM telnet_ledger ' +
          'GROUP BY user_id) l ON l.user_id = u.id WHERE u.telnet <> coalesce(l.s, 0)',
      );
      expect(mismatched).toEqual([]);
      await database.query('REINDEX TABLE users');
      // The players, beside the built-in developer account (ADR 027; its login ID has a '~' no player can register).
      const [count] = await database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE login_id NOT LIKE '~%'",
      );
      expect(count!.n).toBe(players.length);
    } finally {
      await database.close();
    }
  });
});
