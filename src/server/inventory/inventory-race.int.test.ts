import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import type { Tx } from '../db/connect';
import { rowsOf } from '../db/rows';
import { freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { insertPlayers, sampleGear } from '../../../tests/support/players';
import {
  addItems,
  countItems,
  escrowItem,
  openCore,
  releaseEscrow,
  transferItem,
  type AddResult,
  type EscrowResult,
  type ItemRef,
  type OpenCoreResult,
} from './index';

const racers = 20;
const cap = balance.inventoryCapacity;

/**
 * Holds each naive racer between its check and its write until all have checked (or 2 s passed):
 * on a loaded machine the racers may otherwise run one after another, and a naive version would
 * look safe by luck rather than fail as it does whenever two checks meet.
 */
function everyoneChecked(count: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(() => release(), 2000);
  return async () => {
    arrived += 1;
    if (arrived === count) {
      clearTimeout(timer);
      release();
    }
    await all;
  };
}

/** The deliberately naive add: count, then insert what seems to fit, with no lock between. */
async function naiveAdd(tx: Tx, userId: number, checked: () => Promise<void>): Promise<AddResult> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM gear WHERE user_id = ${userId}`),
  );
  await checked();
  if (Number(row!.n) >= cap) return { kind: 'added', gear: [], cores: [], lost: 1 };
  await tx.execute(
    sql`INSERT INTO gear (user_id, type, name, description, rarity, level, stat_value) VALUES (${userId}, 'cpu', 'x', 'x', 'common', 1, 1)`,
  );
  return { kind: 'added', gear: [], cores: [], lost: 0 };
}

/** The deliberately naive escrow: check the holder, then move the item, with no row lock between. */
async function naiveEscrow(
  tx: Tx,
  userId: number,
  item: ItemRef,
  reference: string,
  checked: () => Promise<void>,
): Promise<EscrowResult> {
  const [row] = rowsOf<{ user_id: number | null }>(
    await tx.execute(sql`SELECT user_id FROM gear WHERE id = ${item.id}`),
  );
  await checked();
  if (row?.user_id === null || Number(row?.user_id) !== userId) return { kind: 'in-escrow' };
  const [escrow] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`INSERT INTO escrows (depositor_id, purpose, reference) VALUES (${userId}, 'market-listing', ${reference}) RETURNING id`,
    ),
  );
  await tx.execute(sql`UPDATE gear SET user_id = NULL, escrow_id = ${escrow!.id} WHERE id = ${item.id}`);
  return { kind: 'escrowed', escrowId: Number(escrow!.id) };
}

/** The deliberately naive open: check the core is unused, then mark it, with no condition on the write. */
async function naiveOpen(
  tx: Tx,
  userId: number,
  coreId: number,
  checked: () => Promise<void>,
): Promise<OpenCoreResult> {
  const [row] = rowsOf<{ is_used: boolean }>(
    await tx.execute(sql`SELECT is_used FROM telnet_cores WHERE id = ${coreId} AND user_id = ${userId}`),
  );
  await checked();
  if (!row || row.is_used) return { kind: 'used' };
  await tx.execute(sql`UPDATE telnet_cores SET is_used = true, is_opened = true WHERE id = ${coreId}`);
  return { kind: 'opened', coreTypeId: 1 };
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL
// only (CI sets TEST_DATABASE_URL; locally: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.TEST_DATABASE_URL)(`${racers} concurrent inventory changes [postgres]`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase('postgres', { max: racers + 5 });
  });
  afterAll(() => db.dispose());
  const inTx = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.database.db.transaction(work);
  const count = async (userId: number) => (await countItems(db.database.db, [userId])).get(userId)!;
  async function playerWith(n: number): Promise<{ userId: number; items: ItemRef[] }> {
    const [userId] = await insertPlayers(db.database, 1);
    const added = await inTx((tx) =>
      addItems(tx, { userId: userId!, gear: Array(n).fill(sampleGear), onFull: 'refuse' }),
    );
    return {
      userId: userId!,
      items: added.kind === 'added' ? added.gear.map((g) => ({ kind: 'gear', id: g.id })) : [],
    };
  }
  const raceAdds = (userId: number, add: (tx: Tx) => Promise<AddResult>) =>
    Promise.all(Array.from({ length: racers }, () => inTx(add)));

  it('catches the naive count-then-insert add (the check has teeth)', async () => {
    const { userId } = await playerWith(45);
    const checked = everyoneChecked(racers);
    await raceAdds(userId, (tx) => naiveAdd(tx, userId, checked));
    expect(await count(userId)).toBeGreaterThan(cap);
  });

  it(`never holds more than ${cap}: 20 concurrent adds at 45 items keep exactly 5`, async () => {
    const { userId } = await playerWith(45);
    const results = await raceAdds(userId, (tx) => addItems(tx, { userId, gear: [sampleGear], onFull: 'lose' }));
    expect(results.filter((r) => r.kind === 'added' && r.lost === 0)).toHaveLength(5);
    expect(results.filter((r) => r.kind === 'added' && r.lost === 1)).toHaveLength(15);
    expect(await count(userId)).toBe(cap);
  });

  it('catches the naive check-then-move escrow (the check has teeth)', async () => {
    const { userId, items } = await playerWith(1);
    const checked = everyoneChecked(racers);
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) => inTx((tx) => naiveEscrow(tx, userId, items[0]!, `naive:${i}`, checked))),
    );
    expect(results.filter((r) => r.kind === 'escrowed').length).toBeGreaterThan(1);
  });

  it('escrows one item once however many listings race for it', async () => {
    const { userId, items } = await playerWith(1);
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        inTx((tx) => escrowItem(tx, { userId, item: items[0]!, purpose: 'market-listing', reference: `race:${i}` })),
      ),
    );
    expect(results.filter((r) => r.kind === 'escrowed')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'in-escrow')).toHaveLength(racers - 1);
    const [open] = await db.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM escrows WHERE depositor_id = $1',
      [userId],
    );
    expect(open!.n).toBe(1);
  });

  it('lets one of many givers fill the last slot of a player at 49', async () => {
    const receiver = await playerWith(cap - 1);
    const givers = await Promise.all(Array.from({ length: 10 }, () => playerWith(1)));
    const results = await Promise.all(
      givers.map((g) =>
        inTx((tx) => transferItem(tx, { fromUserId: g.userId, toUserId: receiver.userId, item: g.items[0]! })),
      ),
    );
    expect(results.filter((r) => r.kind === 'transferred')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'full')).toHaveLength(9);
    expect(await count(receiver.userId)).toBe(cap);
  });

  it('settles a sale and a withdrawal of one escrow at the same instant: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const seller = await playerWith(1);
      const buyer = await playerWith(0);
      const listed = (await inTx((tx) =>
        escrowItem(tx, {
          userId: seller.userId,
          item: seller.items[0]!,
          purpose: 'market-listing',
          reference: `duel:${round}`,
        }),
      )) as { escrowId: number };
      const results = await Promise.all(
        [buyer.userId, seller.userId, buyer.userId, seller.userId].map((toUserId) =>
          inTx((tx) => releaseEscrow(tx, { escrowId: listed.escrowId, toUserId })),
        ),
      );
      expect(results.filter((r) => r.kind === 'released')).toHaveLength(1);
      expect((await count(seller.userId)) + (await count(buyer.userId))).toBe(1);
    }
  });

  async function playerWithCore(): Promise<{ userId: number; coreId: number }> {
    const [userId] = await insertPlayers(db.database, 1);
    const added = await inTx((tx) =>
      addItems(tx, { userId: userId!, cores: [{ coreTypeId: 1, coreTypeName: 'T-1' }], onFull: 'refuse' }),
    );
    return { userId: userId!, coreId: added.kind === 'added' ? added.cores[0]!.id : 0 };
  }

  it('catches the naive check-then-mark open (the check has teeth)', async () => {
    const { userId, coreId } = await playerWithCore();
    const checked = everyoneChecked(racers);
    const results = await Promise.all(
      Array.from({ length: racers }, () => inTx((tx) => naiveOpen(tx, userId, coreId, checked))),
    );
    expect(results.filter((r) => r.kind === 'opened').length).toBeGreaterThan(1);
  });

  it('opens one core once however many opens race for it', async () => {
    const { userId, coreId } = await playerWithCore();
    const results = await Promise.all(
      Array.from({ length: racers }, () => inTx((tx) => openCore(tx, { userId, coreId, telnetRewarded: 9 }))),
    );
    expect(results.filter((r) => r.kind === 'opened')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'used')).toHaveLength(racers - 1);
  });
});
