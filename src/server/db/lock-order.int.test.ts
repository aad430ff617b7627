import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { insertPlayers } from '../../../tests/support/players';
import { lockState } from '../features/optimizer/store';
import { credit, debit } from '../wallet';
import type { Tx } from './connect';
import { LockOrderError, lockPlayers } from './lock-players';

// One lock order (docs/decisions/044-one-lock-order.md): players by id, then a feature's own rows,
// then jobs. A path that locks a feature row and only then a player fails at once, in any test.
describe.each(drivers)('lock order [%s]', (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase(driver);
  });
  afterAll(() => db.dispose());
  const inTx = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.database.db.transaction(work);
  const debitOf = (userId: number) => ({
    userId,
    amount: 5,
    reason: 'optimizer-upgrade' as const,
    reference: 'lock-order',
  });

  it('a debit after a feature row, with the player not locked first, fails loudly and changes nothing', async () => {
    const [p] = await insertPlayers(db.database, 1, { telnet: 50 });
    await expect(
      inTx(async (tx) => {
        await lockState(tx, p!);
        return debit(tx, debitOf(p!));
      }),
    ).rejects.toThrow(LockOrderError);
    const [row] = await db.database.query<{ telnet: number }>('SELECT telnet FROM users WHERE id = $1', [p]);
    expect(Number(row!.telnet)).toBe(50);
  });

  it('a credit or lockPlayers after a feature row fails the same way', async () => {
    const [p, q] = await insertPlayers(db.database, 2);
    await expect(
      inTx(async (tx) => {
        await lockState(tx, p!);
        return credit(tx, { ...debitOf(p!), reason: 'mission' });
      }),
    ).rejects.toThrow(/locked after a feature row/);
    // Holding one player does not excuse another taken late.
    await expect(
      inTx(async (tx) => {
        await lockPlayers(tx, [p!]);
        await lockState(tx, p!);
        return lockPlayers(tx, [p!, q!]);
      }),
    ).rejects.toThrow(LockOrderError);
  });

  it('a player with a lower id locked after a higher one (two credits in the wrong order) fails the same way', async () => {
    const [low, high] = await insertPlayers(db.database, 2);
    await expect(
      inTx(async (tx) => {
        await credit(tx, { ...debitOf(high!), reason: 'boss-reward' });
        return credit(tx, { ...debitOf(low!), reason: 'boss-reward' });
      }),
    ).rejects.toThrow(/locked after player/);
    const paid = await inTx(async (tx) => {
      await lockPlayers(tx, [high!, low!]);
      await credit(tx, { ...debitOf(high!), reason: 'boss-reward' });
      return credit(tx, { ...debitOf(low!), reason: 'boss-reward' });
    });
    expect(paid).toEqual({ balance: 5 });
  });

  it('the players first, then the feature row: debit, credit and a second lockPlayers all pass', async () => {
    const [p] = await insertPlayers(db.database, 1, { telnet: 50 });
    const result = await inTx(async (tx) => {
      await lockPlayers(tx, [p!]);
      await lockState(tx, p!);
      await credit(tx, { ...debitOf(p!), reason: 'mission' });
      await lockPlayers(tx, [p!]);
      return debit(tx, debitOf(p!));
    });
    expect(result).toEqual({ kind: 'debited', balance: 50 });
  });
});
