import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { balanceOf, sumLedger } from '../../src/server/wallet';
import { runOperatorScript } from '../support/operator-script';
import { drivers, freshDatabase } from '../support/db';
import { insertPlayers } from '../support/players';

const runGrant = (args: string[], env: Record<string, string>) => runOperatorScript('grant', args, env);

async function loginIdOf(database: Database, userId: number): Promise<string> {
  return (await database.query<{ login_id: string }>('SELECT login_id FROM users WHERE id = $1', [userId]))[0]!
    .login_id;
}

async function expectGranted(database: Database, userId: number, stdout: string) {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const { granted } = JSON.parse(lines[0]!);
  expect(granted).toMatchObject({ userId, telnet: 250, gearIds: [expect.any(Number)], coreIds: [expect.any(Number)] });
  expect(await balanceOf(database.db, userId)).toBe(250);
  expect(await sumLedger(database.db, userId)).toBe(250);
  const [gear] = await database.query<{ type: string; rarity: string; level: number }>(
    'SELECT type, rarity, level FROM gear WHERE user_id = $1',
    [userId],
  );
  expect(gear).toMatchObject({ type: 'storage', rarity: 'epic', level: 3 });
  const reasons = await database.query<{ reason: string }>('SELECT reason FROM telnet_ledger WHERE user_id = $1', [
    userId,
  ]);
  expect(reasons.map((r) => r.reason)).toEqual(['operator-grant']);
}

const args = (loginId: string) => [
  loginId,
  '--telnet',
  '250',
  '--gear',
  'storage',
  '--level',
  '3',
  '--rarity',
  'epic',
  '--core',
  'T-4',
];

describe.each(drivers)('npm run grant [%s]', (driver) => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('grants through the wallet and inventory and prints one JSON line; refuses bad arguments', async () => {
    if (driver === 'postgres') {
      // PostgreSQL: granted while "the server" (this connection) is up.
      const db = await freshDatabase('postgres');
      try {
        const [userId] = await insertPlayers(db.database, 1);
        const url = (await db.database.query<{ u: string }>('SELECT current_database() AS u'))[0]!.u;
        const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
        databaseUrl.pathname = `/${url}`;
        const run = await runGrant(args(await loginIdOf(db.database, userId!)), {
          DATABASE_URL: databaseUrl.toString(),
        });
        expect(run.code, run.stderr).toBe(0);
        await expectGranted(db.database, userId!, run.stdout);
        const bad = await runGrant([await loginIdOf(db.database, userId!), '--telnet', '1.5'], {
          DATABASE_URL: databaseUrl.toString(),
        });
        expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--telnet must be a whole number')]);
        expect(await balanceOf(db.database.db, userId!)).toBe(250);
      } finally {
        await db.dispose();
      }
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'bb-grant-'));
    dirs.push(dir);
    const open = () => createDb({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    let database = await open();
    await migrate(database);
    const [userId] = await insertPlayers(database, 1);
    const loginId = await loginIdOf(database, userId!);
    // While another process holds the data folder, the script refuses with a clear message.
    const locked = await runGrant(args(loginId), { DATA_DIR: dir });
    expect([locked.code, locked.stderr]).toEqual([1, expect.stringContaining('stop the server before granting')]);
    await database.close();
    const run = await runGrant(args(loginId), { DATA_DIR: dir });
    expect(run.code, run.stderr).toBe(0);
    const nobody = await runGrant(['nobody-here', '--telnet', '5'], { DATA_DIR: dir });
    expect([nobody.code, nobody.stderr]).toEqual([1, expect.stringContaining('no player with login ID nobody-here')]);
    database = await open();
    try {
      await expectGranted(database, userId!, run.stdout);
    } finally {
      await database.close();
    }
  }, 120_000);
});
