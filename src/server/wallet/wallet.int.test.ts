import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { failureOf, insertPlayers, ledgerRows } from '../../../tests/support/players';
import type { Tx } from '../db/connect';
import { balanceOf, credit, creditMany, debit, sumLedger, transfer } from './index';

describe.each(drivers)('wallet [%s]', (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase(driver);
  });
  afterAll(() => db.dispose());
  const inTx = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.database.db.transaction(work);
  const state = async (userId: number) => ({
    balance: await balanceOf(db.database.db, userId),
    ledger: await sumLedger(db.database.db, userId),
    rows: (await ledgerRows(db.database, userId)).length,
  });

  it('credits with a ledger row carrying the reason and reference', async () => {
    const [p] = await insertPlayers(db.database, 1);
    expect(
      await inTx((tx) => credit(tx, { userId: p!, amount: 25, reason: 'mission', reference: 'mission:x' })),
    ).toEqual({ balance: 25 });
    expect(await ledgerRows(db.database, p!)).toEqual([{ delta: 25, reason: 'mission', reference: 'mission:x' }]);
    expect(await state(p!)).toEqual({ balance: 25, ledger: 25, rows: 1 });
  });

  it('debits what the player has, down to exactly zero', async () => {
    const [p] = await insertPlayers(db.database, 1, { telnet: 30 });
    expect(
      await inTx((tx) => debit(tx, { userId: p!, amount: 12, reason: 'drone-purchase', reference: 'run:1' })),
    ).toEqual({ kind: 'debited', balance: 18 });
    expect(
      await inTx((tx) => debit(tx, { userId: p!, amount: 18, reason: 'drone-purchase', reference: 'run:2' })),
    ).toEqual({ kind: 'debited', balance: 0 });
    expect(await state(p!)).toEqual({ balance: 0, ledger: 0, rows: 3 });
    expect((await ledgerRows(db.database, p!)).at(-1)).toEqual({
      delta: -18,
      reason: 'drone-purchase',
      reference: 'run:2',
    });
  });

  it('refuses a debit beyond the balance with a typed result, changing nothing', async () => {
    const [p] = await insertPlayers(db.database, 1, { telnet: 10 });
    const before = await state(p!);
    expect(
      await inTx((tx) => debit(tx, { userId: p!, amount: 11, reason: 'optimizer-upgrade', reference: 'u:1' })),
    ).toEqual({
      kind: 'insufficient',
      balance: 10,
      shortBy: 1,
    });
    expect(await state(p!)).toEqual(before);
  });

  it.each([0, -5, 1.5, Number.NaN, 2 ** 53])('throws for the amount %s and writes nothing', async (amount) => {
    const [p] = await insertPlayers(db.database, 1, { telnet: 10 });
    const before = await state(p!);
    await expect(inTx((tx) => credit(tx, { userId: p!, amount, reason: 'mission', reference: 'bad' }))).rejects.toThrow(
      RangeError,
    );
    await expect(
      inTx((tx) => debit(tx, { userId: p!, amount, reason: 'market-fee', reference: 'bad' })),
    ).rejects.toThrow(RangeError);
    expect(await state(p!)).toEqual(before);
  });

  it('refuses a negative balance in the schema itself, whatever path writes it', async () => {
    const [p] = await insertPlayers(db.database, 1, { telnet: 5 });
    expect(await failureOf(db.database, 'UPDATE users SET telnet = telnet - 6 WHERE id = $1', [p])).toMatch(
      /users_telnet_not_negative/,
    );
    expect(await failureOf(db.database, 'UPDATE users SET telnet = -1 WHERE id = $1', [p])).toMatch(
      /users_telnet_not_negative/,
    );
    expect(await state(p!)).toEqual({ balance: 5, ledger: 5, rows: 1 });
  });

  it('keeps the ledger append-only', async () => {
    const [p] = await insertPlayers(db.database, 1, { telnet: 5 });
    expect(await failureOf(db.database, 'UPDATE telnet_ledger SET delta = 500 WHERE user_id = $1', [p])).toMatch(
      /append-only/,
    );
    expect(await failureOf(db.database, 'DELETE FROM telnet_ledger WHERE user_id = $1', [p])).toMatch(/append-only/);
  });

  it('credits many players at once, one ledger row per change, a player twice summed', async () => {
    const [a, b] = await insertPlayers(db.database, 2, { telnet: 1 });
    const balances = await inTx((tx) =>
      creditMany(tx, [
        { userId: a!, amount: 2, reason: 'decode', reference: 'tap-batch:1' },
        { userId: b!, amount: 3, reason: 'decode', reference: 'tap-batch:2' },
        { userId: a!, amount: 4, reason: 'decode', reference: 'tap-batch:3' },
      ]),
    );
    expect(Object.fromEntries(balances)).toEqual({ [a!]: 7, [b!]: 4 });
    expect(await state(a!)).toEqual({ balance: 7, ledger: 7, rows: 3 });
    expect(await state(b!)).toEqual({ balance: 4, ledger: 4, rows: 2 });
  });

  it('transfers between players with a fee kept back from the payee, a row for each side', async () => {
    const [buyer, seller] = await insertPlayers(db.database, 2, { telnet: 100 });
    const result = await inTx((tx) =>
      transfer(tx, {
        fromUserId: buyer!,
        toUserId: seller!,
        amount: 40,
        reasons: { from: 'market-purchase', to: 'market-sale' },
        fee: { amount: 2, reason: 'market-fee' },
        reference: 'listing:9',
      }),
    );
    expect(result).toEqual({ kind: 'transferred', fromBalance: 60, toBalance: 138 });
    expect((await ledgerRows(db.database, buyer!)).at(-1)).toEqual({
      delta: -40,
      reason: 'market-purchase',
      reference: 'listing:9',
    });
    expect((await ledgerRows(db.database, seller!)).slice(1)).toEqual([
      { delta: 40, reason: 'market-sale', reference: 'listing:9' },
      { delta: -2, reason: 'market-fee', reference: 'listing:9' },
    ]);
    expect(await state(seller!)).toMatchObject({ balance: 138, ledger: 138 });
  });

  it('refuses a transfer the payer cannot afford, changing neither side', async () => {
    const [buyer, seller] = await insertPlayers(db.database, 2, { telnet: 10 });
    const before = [await state(buyer!), await state(seller!)];
    const result = await inTx((tx) =>
      transfer(tx, {
        fromUserId: buyer!,
        toUserId: seller!,
        amount: 15,
        reasons: { from: 'market-purchase', to: 'market-sale' },
        reference: 'l:1',
      }),
    );
    expect(result).toEqual({ kind: 'insufficient', balance: 10, shortBy: 5 });
    expect([await state(buyer!), await state(seller!)]).toEqual(before);
  });
});
