import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { credit, debit, transfer } from '../../src/server/wallet';
import { runOperatorScript } from '../support/operator-script';
import { drivers, freshDatabase, postgresUrlOf } from '../support/db';
import { insertPlayers } from '../support/players';

const runEconomy = (args: string[], env: Record<string, string>) => runOperatorScript('economy', args, env);

const today = new Date().toISOString().slice(0, 10);

/**
 * Today, through the wallet: a decoder mints 1,200 and a second player 100; the decoder buys a bit
 * (80), pays a 300 drone run of which 50 comes back, and sells the other player an item for 19 (fee 1).
 * Twenty days ago (written straight into the append-only ledger) the second player was granted 1,000.
 */
async function seed(database: Database): Promise<{ decoder: string; other: string }> {
  const [decoderId, otherId] = await insertPlayers(database, 2);
  await database.db.transaction(async (tx) => {
    await credit(tx, { userId: decoderId!, amount: 1200, reason: 'decode', reference: 'tap-batch:1' });
    await credit(tx, { userId: otherId!, amount: 100, reason: 'core-open', reference: 'core:1' });
    await debit(tx, { userId: decoderId!, amount: 80, reason: 'kernel-bit', reference: 'bit:1,1' });
    await debit(tx, { userId: decoderId!, amount: 300, reason: 'drone-purchase', reference: 'drone:1' });
    await credit(tx, { userId: decoderId!, amount: 50, reason: 'drone-refund', reference: 'drone:1' });
    await transfer(tx, {
      fromUserId: otherId!,
      toUserId: decoderId!,
      amount: 19,
      reasons: { from: 'market-purchase', to: 'market-sale' },
      fee: { amount: 1, reason: 'market-fee' },
      reference: 'listing:1',
    });
  });
  await database.query(
    `INSERT INTO telnet_ledger (user_id, delta, reason, reference, created_at) VALUES ($1, 1000, 'operator-grant', 'old', now() - interval '20 days')`,
    [otherId],
  );
  await database.query('UPDATE users SET telnet = telnet + 1000 WHERE id = $1', [otherId]);
  await database.query(
    `INSERT INTO moderation_flags (user_id, reason, reference, detail, created_at) ` +
      `VALUES ($1, 'machine-like-decoding', 'decode-timing', 'held at the ceiling', now())`,
    [decoderId],
  );
  const name = async (id: number) =>
    (await database.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [id]))[0]!.username;
  return { decoder: await name(decoderId!), other: await name(otherId!) };
}

async function expectReport(env: Record<string, string>, names: { decoder: string; other: string }) {
  const text = await runEconomy([], env);
  expect(text.code, text.stderr).toBe(0);
  const lines = text.stdout.split('\n');
  expect(lines[0]).toContain('supply now 1,969');
  const day = lines.find((l) => l.startsWith(today))!;
  // Burned: 80 + 300 + 1 = 381, less the drone's 50 back; supply +1,300 minted +50 refunded −381 burned.
  expect(day).toBe(`${today}  minted 1,300  burned 331 (net of refunds 50)  taken back 0  moved 19  supply +969`);
  expect(lines).toContain('  minted:   core-open 100 · decode 1,200');
  expect(lines).toContain('  burned:   drone-purchase 300 · kernel-bit 80 · market-fee 1');
  expect(lines).toContain('  refunded: drone-refund 50');
  expect(lines.filter((l) => /^\d{4}-\d\d-\d\d /.test(l))).toHaveLength(1); // the grant twenty days ago is outside 14 days
  expect(lines.find((l) => l.startsWith('  1. '))).toMatch(
    new RegExp(`^  1\\. ${names.decoder} \\(#\\d+\\)  minted 1,200  net 888$`),
  );
  expect(lines.find((l) => l.startsWith('  2. '))).toMatch(
    new RegExp(`^  2\\. ${names.other} \\(#\\d+\\)  minted 100  net 81$`),
  );
  expect(lines.find((l) => l.includes('held at the ceiling'))).toMatch(
    new RegExp(`^  ${names.decoder} \\(#\\d+\\)  since .*decode-timing`),
  );

  const month = await runEconomy(['--days', '30', '--json'], env);
  expect(month.code, month.stderr).toBe(0);
  const report = JSON.parse(month.stdout);
  expect(report.days).toHaveLength(2);
  expect(report.days[0].byCategory.minted).toEqual({ 'operator-grant': 1000 });
  expect(report.days[1].byCategory.moved).toEqual({ 'market-purchase': 19, 'market-sale': 19 });
  expect(report.topEarners.map((e: { minted: number }) => e.minted)).toEqual([1200, 1100]);

  const bad = await runEconomy(['--days', '0'], env);
  expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--days must be a whole number')]);
}

// A fresh on-disk database migrated here, then opened by the script's own process: as other such tests allow.
describe.each(drivers)('npm run economy [%s]', { timeout: 240_000 }, (driver) => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('prints Telnet minted, burned and moved by reason per day, the top earners and the machine-like flags from the ledger', async () => {
    if (driver === 'postgres') {
      const db = await freshDatabase('postgres');
      try {
        const names = await seed(db.database);
        await expectReport({ DATABASE_URL: await postgresUrlOf(db.database) }, names);
      } finally {
        await db.dispose();
      }
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'bb-economy-'));
    dirs.push(dir);
    const database = await createDb({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    await migrate(database);
    const names = await seed(database);
    await database.close();
    await expectReport({ DATA_DIR: dir }, names);
  });
});
