import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../scripts/backup-files';
import { buildApp, type App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { createDb, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { credit } from '../../src/server/wallet';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../support/app';
import { testConfig } from '../support/config';

// The restore drill (ADR 070): back the game up while players tap, restore into a fresh folder or
// database, start a server on it, and find the money whole and every acknowledged write there.

const run = promisify(execFile);
const pgToolsHere = await run('which', ['pg_dump', 'pg_restore']).then(
  () => true,
  () => false,
);
const players = 6;
let stamp = 1;

async function startGame(config: Config, database: Database): Promise<App> {
  // The tap ceiling out of the way: the drill wants writes as fast as they commit.
  const app = await buildApp({ config, database, tapRate: { refillPerSecond: 1e6, capacity: 1e6 } });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/**
 * Players tapping in parallel until told to stop. For each player, the highest totalTaps the server
 * acknowledged before `backupBegins()` was called: the backup must hold at least that.
 */
function tapping(list: Player[]) {
  let began = false;
  let stopped = false;
  const before = new Map<number, number>();
  const acked = { total: 0 };
  const loops = list.map(async (p) => {
    while (!stopped) {
      const res = await p.request('POST', '/api/game/tap-batch', { tapCount: 3, batchTimestamp: stamp++ });
      expect(res.statusCode, res.body).toBe(200);
      acked.total += 1;
      if (!began) before.set(p.id, Math.max(before.get(p.id) ?? 0, res.data.user.totalTaps as number));
    }
  });
  return {
    acked,
    before,
    backupBegins: () => void (began = true),
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function signUpPlayers(app: App): Promise<Player[]> {
  const list: Player[] = [];
  for (let i = 0; i < players; i++) list.push(await asPlayer(app));
  return list;
}

/** Some Telnet through the wallet, so every player has ledger rows to add up. */
async function grantTelnet(database: Database, list: Player[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (const p of list)
      await credit(tx, { userId: p.id, amount: 250 + p.id, reason: 'operator-grant', reference: 'drill' });
  });
}

/** On the restored game: ledger = balance for everyone, and every acknowledged tap is there. */
async function checkRestored(app: App, database: Database, list: Player[], before: Map<number, number>) {
  const unbalanced = await database.query(
    `SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(delta) AS s FROM telnet_ledger GROUP BY user_id) l ON l.user_id = u.id
     WHERE u.telnet <> coalesce(l.s, 0)`,
  );
  expect(unbalanced).toEqual([]);
  for (const p of list) {
    // Through the restored server, as the player: the session survives the restore with the same secret.
    const res = await app.fastify.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: p.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalTaps).toBeGreaterThanOrEqual(before.get(p.id) ?? 0);
    expect(res.json().telnet).toBeGreaterThanOrEqual(250 + p.id);
  }
}

/** Waits until the tappers have had `n` more batches acknowledged. */
async function moreAcks(acked: { total: number }, n: number) {
  const target = acked.total + n;
  await expect.poll(() => acked.total, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(target);
}

/**
 * The drill: players tap on the live game; `backUp` runs while they do; then the copy is restored
 * (`restore` returns the restored game's config) and checked through a server started on it.
 */
async function drill(live: Config, backUp: (app: App) => Promise<void>, restore: () => Promise<Config>): Promise<void> {
  const database = await createDb(live.database);
  await migrate(database);
  const app = await startGame(live, database);
  const list = await signUpPlayers(app);
  await grantTelnet(database, list);
  const taps = tapping(list);
  await moreAcks(taps.acked, 20);
  taps.backupBegins();
  await backUp(app);
  await moreAcks(taps.acked, 20);
  await taps.stop();
  await app.close();
  await database.close();

  const restoredConfig = await restore();
  const restored = await createDb(restoredConfig.database);
  await migrate(restored);
  const restoredApp = await startGame(restoredConfig, restored);
  try {
    await checkRestored(restoredApp, restored, list, taps.before);
  } finally {
    await restoredApp.close();
    await restored.close();
  }
}

// Two fresh on-disk PGlite databases (live and restored) are created and migrated: as long as the other
// tests that start one allow (58.8 s alone at load average 9).
describe('restore drill: the embedded database', { timeout: 240_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'bitbreach-drill-'));
  const file = join(folder, 'backup.tar.gz');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const inFolder = (dir: string) =>
    testConfig({ dataDir: dir, database: { kind: 'pglite', dataDir: join(dir, 'pglite') } });

  it('restores a backup taken while players tap, whole and with every acknowledged tap', async () => {
    const live = inFolder(join(folder, 'live'));
    const backUp = async (app: App) => {
      // `npm run backup` itself, in its own process: this one holds the data folder, so it asks the server.
      const port = (app.fastify.server.address() as AddressInfo).port;
      const env = {
        ...process.env,
        DATA_DIR: join(folder, 'live'),
        PORT: String(port),
        SESSION_SECRET: live.sessionSecret,
      };
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', file], { env });
      expect(stdout).toContain('from the running server');
      expect(stdout).toContain(`npm run restore -- ${file}`);
    };
    await drill(live, backUp, async () => {
      await restoreBackup(file, join(folder, 'restored'));
      return inFolder(join(folder, 'restored'));
    });
  });

  it('refuses to restore over a folder that already holds a database', async () => {
    await expect(restoreBackup(file, join(folder, 'restored'))).rejects.toThrow(/already holds a database/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || !pgToolsHere)(
  'restore drill: PostgreSQL with pg_dump and pg_restore [postgres]',
  () => {
    const folder = mkdtempSync(join(tmpdir(), 'bitbreach-drill-pg-'));
    const file = join(folder, 'bitbreach.dump');
    const admin = postgres(process.env.TEST_DATABASE_URL ?? 'postgres://unused', { max: 1, onnotice: () => {} });
    const names = [`bb_drill_${process.pid}_live`, `bb_drill_${process.pid}_restored`] as const;
    const urlOf = (name: string) =>
      Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
    afterAll(async () => {
      for (const name of names) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(folder, { recursive: true, force: true });
    });

    it('restores a pg_dump taken while players tap into a fresh database, whole', async () => {
      for (const name of names) await admin.unsafe(`CREATE DATABASE ${name}`);
      // docs/operations.md's recipe: the custom format, one consistent snapshot of the running database.
      const backUp = async () => void (await run('pg_dump', ['--format=custom', `--file=${file}`, urlOf(names[0])]));
      await drill(testConfig({ database: { kind: 'postgres', url: urlOf(names[0]) } }), backUp, async () => {
        await run('pg_restore', ['--no-owner', `--dbname=${urlOf(names[1])}`, file]);
        return testConfig({ database: { kind: 'postgres', url: urlOf(names[1]) } });
      });
    });
  },
);

describe('POST /ops/backup: operators only', () => {
  it('answers a stranger 404, a loopback caller the copy, and with METRICS_TOKEN only its bearer', async () => {
    const open = await buildTestApp('pglite');
    const guarded = await buildTestApp('pglite', { config: { metricsToken: 'backup-token-backup-token' } });
    try {
      const ask = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
        app.fastify.inject({ method: 'POST', url: '/ops/backup', remoteAddress, headers });
      expect((await ask(open, '203.0.113.7')).statusCode).toBe(404);
      const copy = await ask(open, '127.0.0.1');
      expect(copy.statusCode).toBe(200);
      expect(copy.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
      expect((await ask(guarded, '127.0.0.1')).statusCode).toBe(404);
      expect(
        (await ask(guarded, '203.0.113.7', { authorization: 'Bearer backup-token-backup-token' })).statusCode,
      ).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });
});
