import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { insertPlayers } from '../../../tests/support/players';
import { credit, debit, sumLedger, transfer } from '../wallet';
import type { Tx } from './connect';

// The money paths' fixed-text statements (fixed-sql.ts, ADR 078) are prepared once per connection and
// then reused: by later transactions on the same connection, inside savepoints, after a failed
// statement, Ledger and balance must agree throughout.
describe.each(drivers)('fixed-text money statements [%s]', (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    // Two connections: forty transactions reuse each connection's prepared statements many times.
    db = await freshDatabase(driver, { max: 2 });
  });
  afterAll(() => db.dispose());
  const inTx = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.database.db.transaction(work);
  const balance = async (id: number) =>
    Number((await db.database.query<{ telnet: string }>('SELECT telnet FROM users WHERE id = $1', [id]))[0]!.telnet);
  const change = (userId: number, amount: number) => ({
    userId,
    amount,
    reason: 'optimizer-upgrade' as const,
    reference: 'fixed-sql',
  });

  async function moveMoney(payer: number, payee: number, rounds: number): Promise<void> {
    await Promise.all(
      Array.from({ length: rounds }, (_, i) =>
        inTx(async (tx) => {
          if (i % 2 === 0) {
            await transfer(tx, {
              fromUserId: payer,
              toUserId: payee,
              amount: 3,
              reasons: { from: 'market-purchase', to: 'market-sale' },
              fee: { amount: 1, reason: 'market-fee' },
              reference: `fixed-sql:${i}`,
            });
          } else {
            await debit(tx, change(payer, 2));
            // The same statements inside a savepoint, on the same connection.
            await tx.transaction((inner) => credit(inner, change(payee, 1)));
          }
        }),
      ),
    );
  }

  it('reuses them across transactions and savepoints, and after a refused debit and a failed statement', async () => {
    const [payer, payee] = await insertPlayers(db.database, 2, { telnet: 500 });
    await moveMoney(payer!, payee!, 40);
    // A debit the player cannot afford writes nothing; a failed transaction rolls everything back.
    expect((await inTx((tx) => debit(tx, change(payer!, 10_000)))).kind).toBe('insufficient');
    await expect(
      inTx(async (tx) => {
        await debit(tx, change(payer!, 5));
        await tx.execute(sql`SELECT 1/0`);
      }),
    ).rejects.toThrow();
    await moveMoney(payer!, payee!, 4);
    // 22 transfers of 3 and 22 debits of 2 from the payer; 22 × 2 received and 22 credits of 1 by the payee.
    expect(await balance(payer!)).toBe(500 - 22 * 3 - 22 * 2);
    expect(await balance(payee!)).toBe(500 + 22 * 2 + 22);
    for (const id of [payer!, payee!]) expect(await sumLedger(db.database.db, id)).toBe(await balance(id));
  });
});
