import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import type { Tx } from '../db/connect';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { failureOf, insertPlayers, sampleGear } from '../../../tests/support/players';
import { addItems, countItems, openCore, removeItem, transferItem, type ItemRef } from './index';

const cap = balance.inventoryCapacity;

describe.each(drivers)('inventory [%s]', (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase(driver);
  });
  afterAll(() => db.dispose());
  const inTx = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.database.db.transaction(work);
  const count = async (userId: number) => (await countItems(db.database.db, [userId])).get(userId)!;
  /** A player holding `n` pieces of gear; returns the player and the refs of the items. */
  async function playerWith(n: number): Promise<{ userId: number; items: ItemRef[] }> {
    const [userId] = await insertPlayers(db.database, 1);
    const added = await inTx((tx) =>
      addItems(tx, { userId: userId!, gear: Array(n).fill(sampleGear), onFull: 'refuse' }),
    );
    if (added.kind !== 'added') throw new Error('setup');
    return { userId: userId!, items: added.gear.map((g) => ({ kind: 'gear', id: g.id })) };
  }

  it('stores exactly the Telnet Core types that src/core defines (one list, the migration seeds it)', async () => {
    const rows = await db.database.query<{ id: number; name: string }>(
      'SELECT id, name FROM telnet_core_types ORDER BY id',
    );
    expect(rows).toEqual(balance.telnetCoreTypes.map((t) => ({ id: t.id, name: t.name })));
  });

  it(`keeps the last slot at ${cap - 1} items, then loses what does not fit, gear first`, async () => {
    const { userId } = await playerWith(cap - 1);
    const added = await inTx((tx) =>
      addItems(tx, { userId, gear: [sampleGear], cores: [{ coreTypeId: 1, coreTypeName: 'T-1' }], onFull: 'lose' }),
    );
    expect(added).toMatchObject({ kind: 'added', gear: [{ name: 'Scrap Core CPU' }], cores: [], lost: 1 });
    expect(await count(userId)).toBe(cap);
    const atCap = await inTx((tx) => addItems(tx, { userId, gear: [sampleGear, sampleGear], onFull: 'lose' }));
    expect(atCap).toEqual({ kind: 'added', gear: [], cores: [], lost: 2 });
    expect(await count(userId)).toBe(cap);
  });

  it('refuses, adding nothing, when asked for all or none and not all fit', async () => {
    const { userId } = await playerWith(cap - 2);
    expect(await inTx((tx) => addItems(tx, { userId, gear: Array(3).fill(sampleGear), onFull: 'refuse' }))).toEqual({
      kind: 'full',
      free: 2,
    });
    expect(await count(userId)).toBe(cap - 2);
    expect(
      await inTx((tx) => addItems(tx, { userId, gear: Array(2).fill(sampleGear), onFull: 'refuse' })),
    ).toMatchObject({ kind: 'added', lost: 0 });
    expect(await count(userId)).toBe(cap);
  });

  it('destroys an item its owner holds, and only that', async () => {
    const { userId, items } = await playerWith(2);
    const other = await playerWith(1);
    expect(await inTx((tx) => removeItem(tx, { userId, item: other.items[0]! }))).toEqual({ kind: 'not-found' });
    expect(await inTx((tx) => removeItem(tx, { userId, item: { kind: 'gear', id: 2 ** 31 } }))).toEqual({
      kind: 'not-found',
    });
    expect(await inTx((tx) => removeItem(tx, { userId, item: items[0]! }))).toEqual({ kind: 'removed' });
    expect(await inTx((tx) => removeItem(tx, { userId, item: items[0]! }))).toEqual({ kind: 'not-found' });
    expect([await count(userId), await count(other.userId)]).toEqual([1, 1]);
  });

  it('refuses to destroy or hand over equipped gear', async () => {
    const { userId, items } = await playerWith(1);
    const [to] = await insertPlayers(db.database, 1);
    await db.database.query('UPDATE gear SET is_equipped = true WHERE id = $1', [items[0]!.id]);
    expect(await inTx((tx) => removeItem(tx, { userId, item: items[0]! }))).toEqual({ kind: 'equipped' });
    expect(await inTx((tx) => transferItem(tx, { fromUserId: userId, toUserId: to!, item: items[0]! }))).toEqual({
      kind: 'equipped',
    });
    expect(await count(userId)).toBe(1);
  });

  it('transfers an item to another player, and refuses when their inventory is full', async () => {
    const from = await playerWith(2);
    const to = await playerWith(cap - 1);
    expect(
      await inTx((tx) => transferItem(tx, { fromUserId: from.userId, toUserId: to.userId, item: from.items[0]! })),
    ).toEqual({ kind: 'transferred' });
    expect([await count(from.userId), await count(to.userId)]).toEqual([1, cap]);
    expect(
      await inTx((tx) => transferItem(tx, { fromUserId: from.userId, toUserId: to.userId, item: from.items[1]! })),
    ).toEqual({ kind: 'full', free: 0 });
    expect([await count(from.userId), await count(to.userId)]).toEqual([1, cap]);
    // The item moved is the new owner's now, not the old one's.
    expect(await inTx((tx) => removeItem(tx, { userId: from.userId, item: from.items[0]! }))).toEqual({
      kind: 'not-found',
    });
  });

  it('opens a core once; an opened core is spent, frees its slot and cannot move', async () => {
    const [userId, to] = await insertPlayers(db.database, 2);
    const added = await inTx((tx) =>
      addItems(tx, { userId: userId!, cores: [{ coreTypeId: 3, coreTypeName: 'T-3' }], onFull: 'refuse' }),
    );
    const core = added.kind === 'added' ? added.cores[0]! : null;
    expect(await count(userId!)).toBe(1);
    expect(await inTx((tx) => openCore(tx, { userId: to!, coreId: core!.id, telnetRewarded: 50 }))).toEqual({
      kind: 'not-found',
    });
    expect(await inTx((tx) => openCore(tx, { userId: userId!, coreId: core!.id, telnetRewarded: 50 }))).toEqual({
      kind: 'opened',
      coreTypeId: 3,
    });
    expect(await inTx((tx) => openCore(tx, { userId: userId!, coreId: core!.id, telnetRewarded: 50 }))).toEqual({
      kind: 'used',
    });
    expect(await count(userId!)).toBe(0);
    const ref: ItemRef = { kind: 'core', id: core!.id };
    expect(await inTx((tx) => transferItem(tx, { fromUserId: userId!, toUserId: to!, item: ref }))).toEqual({
      kind: 'used',
    });
    expect(await inTx((tx) => removeItem(tx, { userId: userId!, item: ref }))).toEqual({ kind: 'removed' });
  });

  it('stores no item with two holders or none (schema CHECK)', async () => {
    const { items } = await playerWith(1);
    expect(await failureOf(db.database, 'UPDATE gear SET user_id = NULL WHERE id = $1', [items[0]!.id])).toMatch(
      /gear_one_holder/,
    );
    const [escrow] = await db.database.query<{ id: number }>(
      "INSERT INTO escrows (depositor_id, purpose, reference) SELECT user_id, 'market-listing', 'check-test' FROM gear WHERE id = $1 RETURNING id",
      [items[0]!.id],
    );
    expect(
      await failureOf(db.database, 'UPDATE gear SET escrow_id = $2 WHERE id = $1', [items[0]!.id, escrow!.id]),
    ).toMatch(/gear_one_holder/);
  });
});
