import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReason } from '../../core/ledger-reasons';
import type { Database, Tx } from '../db/connect';
import { rowsOf } from '../db/rows';
import { freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { insertPlayers } from '../../../tests/support/players';
import { barrier } from '../../../tests/support/race';
import { balanceOf, debit, sumLedger, transfer, type DebitResult } from './index';

const racers = 20;
type Debit = (
  tx: Tx,
  change: { userId: number; amount: number; reason: LedgerReason; reference: string },
) => Promise<DebitResult>;

/**
 * The deliberately naive debit: read the balance, decide, then write the difference back. It is
 * what the race test must catch before its passing means anything. Every racer reads before any
 * writes (`allRead`, a barrier): the interleaving is forced rather than hoped for from the scheduler.
 */
const naiveDebit =
  (allRead: () => Promise<void>): Debit =>
  async (tx, change) => {
    const [row] = rowsOf<{ telnet: string }>(
      await tx.execute(sql`SELECT telnet FROM users WHERE id = ${change.userId}`),
    );
    await allRead();
    const balance = Number(row!.telnet);
    if (balance < change.amount) return { kind: 'insufficient', balance, shortBy: change.amount - balance };
    await tx.execute(sql`UPDATE users SET telnet = ${balance - change.amount} WHERE id = ${change.userId}`);
    await tx.execute(
      sql`INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES (${change.userId}, ${-change.amount}, ${change.reason}, ${change.reference})`,
    );
    return { kind: 'debited', balance: balance - change.amount };
  };

/** 20 debits of 7 Telnet from a balance of 100, each in its own transaction, all at once. */
async function race(database: Database, spend: Debit) {
  const [userId] = await insertPlayers(database, 1, { telnet: 100 });
  const results = await Promise.all(
    Array.from({ length: racers }, (_, i) =>
      database.db.transaction((tx) =>
        spend(tx, { userId: userId!, amount: 7, reason: 'directory-purchase', reference: `race:${i}` }),
      ),
    ),
  );
  return {
    debited: results.filter((r) => r.kind === 'debited').length,
    balance: await balanceOf(database.db, userId!),
    ledger: await sumLedger(database.db, userId!),
  };
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL
// only (CI sets TEST_DATABASE_URL; locally: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.TEST_DATABASE_URL)(`${racers} concurrent debits [postgres]`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase('postgres', { max: racers + 5 });
  });
  afterAll(() => db.dispose());

  it('catches the naive read-then-write debit (the check has teeth)', async () => {
    const outcome = await race(db.database, naiveDebit(barrier(racers)));
    // Every racer read 100: all 20 purchases acknowledged where 100 Telnet pays for 14, and a ledger that no longer adds up.
    expect(outcome.debited).toBe(racers);
    expect(outcome.ledger).not.toBe(outcome.balance);
  });

  it('lets exactly the affordable debits through, never below zero, ledger = balance', async () => {
    // 100 / 7 = 14 purchases, 2 Telnet left.
    expect(await race(db.database, debit)).toEqual({ debited: 14, balance: 2, ledger: 2 });
  });

  it('moves Telnet both ways between two players at once without deadlock, creating or losing none', async () => {
    const [a, b] = await insertPlayers(db.database, 2, { telnet: 50 });
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        db.database.db.transaction((tx) =>
          transfer(tx, {
            fromUserId: i % 2 ? a! : b!,
            toUserId: i % 2 ? b! : a!,
            amount: 9,
            reasons: { from: 'market-purchase', to: 'market-sale' },
            reference: `swap:${i}`,
          }),
        ),
      ),
    );
    expect(results.every((r) => r.kind === 'transferred' || r.kind === 'insufficient')).toBe(true);
    const [balanceA, balanceB] = [await balanceOf(db.database.db, a!), await balanceOf(db.database.db, b!)];
    expect(balanceA + balanceB).toBe(100);
    expect([await sumLedger(db.database.db, a!), await sumLedger(db.database.db, b!)]).toEqual([balanceA, balanceB]);
  });
});
