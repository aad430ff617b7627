import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type Player, type TestApp } from './app';
import type { DriverKind } from './db';
import { grant } from './items';

/** A fresh app for one describe block, its clock on the wall clock (registration times come from the database's). */
export function useTerminalApp(driver: DriverKind): () => TestApp {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now();
  });
  afterAll(() => app.close());
  return () => app;
}

/** The Terminal's calls as a player makes them (ls is GET /api/filesystem/contents). */
export function terminalSteps(_app: TestApp) {
  return {
    ssh: (p: Player, target: string, mode?: 'root' | 'intrusion') =>
      p.request('POST', '/api/filesystem/ssh', { target, ...(mode ? { mode } : {}) }),
    ls: (p: Player, path: string, intrusionId?: number) =>
      p.request(
        'GET',
        `/api/filesystem/contents?path=${encodeURIComponent(path)}${intrusionId !== undefined ? `&intrusionId=${intrusionId}` : ''}`,
      ),
    op: (p: Player, command: 'mkdir' | 'mv' | 'rm', target: string, newName?: string) =>
      p.request('POST', '/api/filesystem/operation', {
        command,
        target,
        ...(newName !== undefined ? { newName } : {}),
      }),
    hack: (p: Player, intrusionId: number, tokenPath: string, currentPath?: string, key: string = randomUUID()) =>
      p.request(
        'POST',
        '/api/filesystem/hack-token',
        { tokenPath, intrusionId, ...(currentPath ? { currentPath } : {}) },
        { 'idempotency-key': key },
      ),
    status: (p: Player) => p.request('GET', '/api/filesystem/status'),
    buy: (p: Player, confirm: boolean, key: string = randomUUID()) =>
      p.request('POST', '/api/filesystem/buy-directory', { confirm }, { 'idempotency-key': key }),
  };
}

/**
 * A player past the new-player shield: level set, registered two days ago, optionally with Telnet.
 * Their Terminal missions are already done, so the balances a test checks move only by hacks (the
 * missions' own 10 Telnet rewards are tested where they are earned).
 */
export async function ready(app: TestApp, p: Player, options: { level: number; telnet?: number }): Promise<Player> {
  await app.db.database.query("UPDATE users SET level = $2, created_at = now() - interval '2 days' WHERE id = $1", [
    p.id,
    options.level,
  ]);
  await app.db.database.query(
    "INSERT INTO mission_completions (user_id, mission_id) SELECT $1, m FROM unnest(ARRAY['ssh_self_root', " +
      "'create_directory', 'move_token', 'hack_developer_token']) AS m ON CONFLICT DO NOTHING",
    [p.id],
  );
  if (options.telnet) await grant(app, p, { telnet: options.telnet });
  return p;
}

/** The rows a refused Terminal request must leave unchanged. */
export async function snapshotTerminal(app: TestApp): Promise<string> {
  const q = async (sql: string) => JSON.stringify(await app.db.database.query(sql));
  return [
    await q('SELECT id, telnet FROM users ORDER BY id'),
    await q('SELECT count(*)::int AS n FROM telnet_ledger'),
    await q(
      'SELECT user_id, token_dir, extra_directories, ssh_cooldown_until, hacked_shield_until FROM file_systems ORDER BY user_id',
    ),
    await q('SELECT user_id, path FROM fs_directories ORDER BY id'),
    await q('SELECT id, outcome, ended_at FROM intrusions ORDER BY id'),
    await q('SELECT count(*)::int AS n FROM attacks'),
  ].join('\n');
}

/** Sessions of the test's PostgreSQL database waiting on a lock (a request blocked behind a held row). */
export async function lockWaiters(app: TestApp): Promise<number> {
  const [row] = await app.db.database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return Number(row!.n);
}

/** Resolves once at least `n` sessions wait on a lock (a condition, not a time: bounded only by the test's timeout). */
export async function untilLockWaiters(app: TestApp, n: number): Promise<void> {
  while ((await lockWaiters(app)) < n) await new Promise((resolve) => setTimeout(resolve, 5));
}
