import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import type { Tx } from '../db/connect';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { insertPlayers, sampleGear } from '../../../tests/support/players';
import {
  addItems,
  countItems,
  escrowItem,
  findEscrow,
  openCore,
  releaseEscrow,
  removeItem,
  transferItem,
  type ItemRef,
} from './index';

const cap = balance.inventoryCapacity;
let listing = 0;

describe.each(drivers)('escrow [%s]', (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase(driver);
  });
  afterAll(() => db.dispose());
  const inTx = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.database.db.transaction(work);
  const count = async (userId: number) => (await countItems(db.database.db, [userId])).get(userId)!;
  async function playerWith(gear: number, cores = 0): Promise<{ userId: number; items: ItemRef[] }> {
    const [userId] = await insertPlayers(db.database, 1);
    const added = await inTx((tx) =>
      addItems(tx, {
        userId: userId!,
        gear: Array(gear).fill(sampleGear),
        cores: Array(cores).fill({ coreTypeId: 1, coreTypeName: 'T-1' }),
        onFull: 'refuse',
      }),
    );
    if (added.kind !== 'added') throw new Error('setup');
    return {
      userId: userId!,
      items: [
        ...added.gear.map((g) => ({ kind: 'gear' as const, id: g.id })),
        ...added.cores.map((c) => ({ kind: 'core' as const, id: c.id })),
      ],
    };
  }
  const escrow = (userId: number, item: ItemRef) =>
    inTx((tx) =>
      escrowItem(tx, { userId, item, purpose: 'market-listing', reference: `listing:${driver}:${++listing}` }),
    );

  it('holds an escrowed item apart from its owner, still counted against their cap', async () => {
    const { userId, items } = await playerWith(2);
    const result = await escrow(userId, items[0]!);
    expect(result).toMatchObject({ kind: 'escrowed', escrowId: expect.any(Number) });
    expect(await count(userId)).toBe(2);
    const held = await findEscrow(db.database.db, (result as { escrowId: number }).escrowId);
    expect(held).toMatchObject({ depositorId: userId, purpose: 'market-listing', open: true, items: [items[0]] });
  });

  it('refuses to destroy, transfer, escrow again or open an escrowed item', async () => {
    const { userId, items } = await playerWith(1, 1);
    const [other] = await insertPlayers(db.database, 1);
    for (const item of items) expect(await escrow(userId, item)).toMatchObject({ kind: 'escrowed' });
    for (const item of items) {
      expect(await inTx((tx) => removeItem(tx, { userId, item }))).toEqual({ kind: 'in-escrow' });
      expect(await inTx((tx) => transferItem(tx, { fromUserId: userId, toUserId: other!, item }))).toEqual({
        kind: 'in-escrow',
      });
      expect(await escrow(userId, item)).toEqual({ kind: 'in-escrow' });
      // To anyone else it is simply not theirs.
      expect(await inTx((tx) => removeItem(tx, { userId: other!, item }))).toEqual({ kind: 'not-found' });
    }
    expect(await inTx((tx) => openCore(tx, { userId, coreId: items[1]!.id, telnetRewarded: 5 }))).toEqual({
      kind: 'in-escrow',
    });
    expect(await count(userId)).toBe(2);
  });

  it('refuses to escrow equipped gear or an opened core', async () => {
    const { userId, items } = await playerWith(1, 1);
    await db.database.query('UPDATE gear SET is_equipped = true WHERE id = $1', [items[0]!.id]);
    expect(await escrow(userId, items[0]!)).toEqual({ kind: 'equipped' });
    await inTx((tx) => openCore(tx, { userId, coreId: items[1]!.id, telnetRewarded: 5 }));
    expect(await escrow(userId, items[1]!)).toEqual({ kind: 'used' });
  });

  it('releases back to the owner once, the item theirs again', async () => {
    const { userId, items } = await playerWith(1);
    const { escrowId } = (await escrow(userId, items[0]!)) as { escrowId: number };
    expect(await inTx((tx) => releaseEscrow(tx, { escrowId, toUserId: userId }))).toEqual({
      kind: 'released',
      depositorId: userId,
      toUserId: userId,
      items,
    });
    expect(await inTx((tx) => releaseEscrow(tx, { escrowId, toUserId: userId }))).toEqual({ kind: 'not-found' });
    expect(await findEscrow(db.database.db, escrowId)).toMatchObject({ open: false, items: [] });
    expect(await count(userId)).toBe(1);
    expect(await inTx((tx) => removeItem(tx, { userId, item: items[0]! }))).toEqual({ kind: 'removed' });
  });

  it("releases a full owner's item back to them: it was counted there all along", async () => {
    const { userId, items } = await playerWith(cap);
    const { escrowId } = (await escrow(userId, items[0]!)) as { escrowId: number };
    expect(await inTx((tx) => addItems(tx, { userId, gear: [sampleGear], onFull: 'lose' }))).toMatchObject({ lost: 1 });
    expect(await inTx((tx) => releaseEscrow(tx, { escrowId, toUserId: userId }))).toMatchObject({ kind: 'released' });
    expect(await count(userId)).toBe(cap);
  });

  it('releases to another player, moving the count, and refuses a full one, changing nothing', async () => {
    const seller = await playerWith(2);
    const buyer = await playerWith(cap - 1);
    const full = await playerWith(cap);
    const first = (await escrow(seller.userId, seller.items[0]!)) as { escrowId: number };
    const second = (await escrow(seller.userId, seller.items[1]!)) as { escrowId: number };
    expect(await inTx((tx) => releaseEscrow(tx, { escrowId: first.escrowId, toUserId: full.userId }))).toEqual({
      kind: 'full',
      free: 0,
    });
    expect(await findEscrow(db.database.db, first.escrowId)).toMatchObject({ open: true, items: [seller.items[0]] });
    expect(await inTx((tx) => releaseEscrow(tx, { escrowId: first.escrowId, toUserId: buyer.userId }))).toMatchObject({
      kind: 'released',
      toUserId: buyer.userId,
    });
    expect([await count(seller.userId), await count(buyer.userId)]).toEqual([1, cap]);
    expect(await inTx((tx) => removeItem(tx, { userId: buyer.userId, item: seller.items[0]! }))).toEqual({
      kind: 'removed',
    });
    expect(await inTx((tx) => releaseEscrow(tx, { escrowId: 2 ** 31, toUserId: buyer.userId }))).toEqual({
      kind: 'not-found',
    });
    expect(await findEscrow(db.database.db, second.escrowId)).toMatchObject({ open: true });
  });
});
