import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { insertPlayers } from '../../../tests/support/players';
import { credit, watchCommittedLedger, type CommittedLedgerRow } from '.';

describe.each(drivers)('ledger rows reach the counters only once committed [%s]', (kind) => {
  let db: TestDatabase;
  let userId: number;
  const seen: CommittedLedgerRow[][] = [];
  let stop: () => void;
  beforeAll(async () => {
    db = await freshDatabase(kind);
    [userId] = (await insertPlayers(db.database, 1)) as [number];
    stop = watchCommittedLedger(db.database.db, (rows) => seen.push([...rows]));
  });
  afterAll(async () => {
    stop?.();
    await db?.dispose();
  });
  const change = (amount: number) => ({ userId, amount, reason: 'decode' as const, reference: `test:${amount}` });

  it('tells of a committed transaction once, with its rows; a rolled-back one tells nothing', async () => {
    seen.length = 0;
    await db.database.db.transaction(async (tx) => {
      await credit(tx, change(3));
      await credit(tx, change(4));
    });
    await expect(
      db.database.db.transaction(async (tx) => {
        await credit(tx, change(5));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen.map((rows) => rows.map((r) => r.delta))).toEqual([[3, 4]]);
  });

  it("keeps a released savepoint's rows and drops a failed savepoint's, as the database does", async () => {
    seen.length = 0;
    await db.database.db.transaction(async (tx) => {
      await tx.transaction((savepoint) => credit(savepoint, change(6)));
      await tx
        .transaction(async (savepoint) => {
          await credit(savepoint, change(7));
          throw new Error('savepoint rolled back');
        })
        .catch(() => undefined);
      await credit(tx, change(8));
    });
    expect(seen.map((rows) => rows.map((r) => r.delta))).toEqual([[6, 8]]);
    const [row] = await db.database.query<{ total: string | number }>(
      'SELECT sum(delta) AS total FROM telnet_ledger WHERE user_id = $1',
      [userId],
    );
    expect(Number(row!.total)).toBe(3 + 4 + 6 + 8);
  });

  it('stops telling a listener that unsubscribed', async () => {
    stop();
    seen.length = 0;
    await db.database.db.transaction((tx) => credit(tx, change(9)));
    expect(seen).toEqual([]);
  });
});
