import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemTexts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { act, coreOf, gearOf, grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';
import { barrier } from '../../../../tests/support/race';

const racers = 20;
const price = 100;

/**
 * Every naive version below reads, waits until all its racers have read (`allRead`, a barrier), then
 * writes: the interleaving each check must catch is forced rather than hoped for from the scheduler.
 */
type AllRead = () => Promise<void>;

/**
 * The deliberately naive buy: read the listing, then pay and mark it sold, no lock and no condition
 * between. Used only to show the one-winner check below catches a read-then-write version.
 */
async function naiveBuy(database: Database, buyerId: number, listingId: number, allRead: AllRead): Promise<number> {
  const [row] = await database.query<{ status: string; seller_id: number; price: number }>(
    'SELECT status, seller_id, price FROM market_listings WHERE id = $1',
    [listingId],
  );
  await allRead();
  if (row!.status !== 'active') return 404;
  await database.query("UPDATE market_listings SET status = 'sold', buyer_id = $2 WHERE id = $1", [listingId, buyerId]);
  await database.query(
    "INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES ($1, $2, 'market-purchase', 'naive')",
    [buyerId, -row!.price],
  );
  return 200;
}

/** Naive listing: checks the item is free, then writes a listing, with nothing holding the item between. */
async function naiveList(database: Database, sellerId: number, gearId: number, allRead: AllRead): Promise<number> {
  const free = await database.query('SELECT id FROM gear WHERE id = $1 AND user_id = $2 AND escrow_id IS NULL', [
    gearId,
    sellerId,
  ]);
  const listed = await database.query(
    "SELECT id FROM market_listings WHERE item_type = 'gear' AND item_id = $1 AND status = 'active'",
    [gearId],
  );
  await allRead();
  if (free.length === 0 || listed.length > 0) return 409;
  await database.query(
    `INSERT INTO market_listings (seller_id, item_type, item_id, filter_type, item_name, item_data, search_text, price, created_at, expires_at)
     VALUES ($1, 'gear', $2, 'cpu', 'naive', '{}'::jsonb, 'naive', 1, now(), now() + interval '7 days')`,
    [sellerId, gearId],
  );
  return 200;
}

/** Naive remove: reads the listing active, then marks it removed. */
async function naiveRemove(database: Database, listingId: number, allRead: AllRead): Promise<number> {
  const [row] = await database.query<{ status: string }>('SELECT status FROM market_listings WHERE id = $1', [
    listingId,
  ]);
  await allRead();
  if (row!.status !== 'active') return 404;
  await database.query("UPDATE market_listings SET status = 'removed' WHERE id = $1", [listingId]);
  return 200;
}

/** Naive destroy: checks no active listing holds the item, then deletes it. */
async function naiveDestroy(database: Database, gearId: number, allRead: AllRead): Promise<number> {
  const listed = await database.query(
    "SELECT id FROM market_listings WHERE item_type = 'gear' AND item_id = $1 AND status = 'active'",
    [gearId],
  );
  await allRead();
  if (listed.length > 0) return 409;
  await database.query('DELETE FROM gear WHERE id = $1', [gearId]);
  return 200;
}

/** Naive core use: reads the core unopened, then pays and marks it opened. */
async function naiveUseCore(database: Database, userId: number, coreId: number, allRead: AllRead): Promise<number> {
  const [row] = await database.query<{ is_used: boolean }>('SELECT is_used FROM telnet_cores WHERE id = $1', [coreId]);
  await allRead();
  if (row!.is_used) return 409;
  await database.query('UPDATE telnet_cores SET is_used = true WHERE id = $1', [coreId]);
  await database.query(
    "INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES ($1, 1, 'core-open', 'naive')",
    [userId],
  );
  return 200;
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(`Data Exchange races [%s]`.replace('%s', 'postgres'), () => {
  let app: TestApp;
  let seller: Player;
  let buyers: Player[];
  beforeAll(async () => {
    // random() = 0: every core opens successfully, so a double open would show as a double payment.
    app = await buildTestApp('postgres', { random: () => 0 });
    seller = await asPlayer(app);
    buyers = [];
    for (let i = 0; i < racers; i++) {
      const b = await asPlayer(app);
      await grant(app, b, { telnet: 10 * price });
      buyers.push(b);
    }
  }, 120_000);
  afterAll(() => app.close());

  const listing = async (itemId: number, itemType = 'gear') =>
    (await act(seller, '/api/marketplace/create', { itemType, itemId, price })).json().listing.id as number;
  const charged = async (p: Player) =>
    (await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'market-purchase').length;
  /** One buyer won and paid once; everyone else got a clear 4xx and paid nothing. */
  async function expectOneWinner(statuses: number[], listingId: number) {
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(racers - 1);
    const paid = await app.db.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM telnet_ledger WHERE reason = 'market-purchase' AND reference = $1",
      [`listing:${listingId}`],
    );
    expect(Number(paid[0]!.n)).toBe(1);
  }

  it('20 buyers for one listing: one winner, 19 refused and charged nothing', async () => {
    const id = await gearOf(app, seller);
    const listingId = await listing(id);
    const before = await Promise.all(buyers.map(charged));
    const answers = await Promise.all(buyers.map((b) => act(b, '/api/marketplace/buy', { listingId })));
    await expectOneWinner(
      answers.map((a) => a.statusCode),
      listingId,
    );
    for (const a of answers) if (a.statusCode !== 200) expect(a.json().message).toBe(itemTexts.listingGone);
    const after = await Promise.all(buyers.map(charged));
    expect(after.reduce((s, n, i) => s + n - before[i]!, 0)).toBe(1);
    const holders = await app.db.database.query<{ user_id: number }>('SELECT user_id FROM gear WHERE id = $1', [id]);
    expect(buyers[answers.findIndex((a) => a.statusCode === 200)]!.id).toBe(Number(holders[0]!.user_id));
  });

  it('the one-winner check catches a naive read-then-write buy', async () => {
    const listingId = await listing(await gearOf(app, seller));
    const allRead = barrier(buyers.length);
    const statuses = await Promise.all(buyers.map((b) => naiveBuy(app.db.database, b.id, listingId, allRead)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(buyers.length);
  });

  it('buy and remove at the same instant: exactly one wins, the item has one holder', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await gearOf(app, seller);
      const listingId = await listing(id);
      const buyer = buyers[round]!;
      const paidBefore = await charged(buyer);
      const [bought, removed] = await Promise.all([
        act(buyer, '/api/marketplace/buy', { listingId }),
        act(seller, '/api/marketplace/remove', { listingId }),
      ]);
      expect([bought.statusCode, removed.statusCode].sort()).toEqual([200, 404]);
      const [holder] = await app.db.database.query<{ user_id: number | null; escrow_id: number | null }>(
        'SELECT user_id, escrow_id FROM gear WHERE id = $1',
        [id],
      );
      expect(holder!.escrow_id).toBeNull();
      expect(Number(holder!.user_id)).toBe(bought.statusCode === 200 ? buyer.id : seller.id);
      expect(await charged(buyer)).toBe(paidBefore + (bought.statusCode === 200 ? 1 : 0));
    }
  });

  it('the same item listed twice at once: one listing, the rest refused', async () => {
    const id = await gearOf(app, seller);
    const answers = await Promise.all(
      Array.from({ length: racers }, () =>
        act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: id, price }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect([a.statusCode, a.json().message]).toEqual([409, itemTexts.itemListed]);
    const rows = await app.db.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM market_listings WHERE item_type = 'gear' AND item_id = $1",
      [id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('destroy while being listed: either listed or destroyed, never both', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await gearOf(app, seller);
      const [listed, destroyed] = await Promise.all([
        act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: id, price }),
        act(seller, '/api/gear/destroy', { gearId: id }),
      ]);
      expect([listed.statusCode, destroyed.statusCode].filter((s) => s === 200)).toHaveLength(1);
      const item = await app.db.database.query('SELECT id FROM gear WHERE id = $1', [id]);
      const active = await app.db.database.query(
        "SELECT id FROM market_listings WHERE item_id = $1 AND item_type = 'gear' AND status = 'active'",
        [id],
      );
      expect([item.length, active.length]).toEqual(listed.statusCode === 200 ? [1, 1] : [0, 0]);
    }
  });

  it('20 concurrent uses of one core pay exactly once; 19 get a clear 4xx', async () => {
    const p = buyers[0]!;
    const id = await coreOf(app, p, 'T-5');
    const before = (await ledgerRows(app.db.database, p.id)).length;
    const answers = await Promise.all(Array.from({ length: racers }, () => act(p, `/api/telnet-cores/${id}/use`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBeGreaterThanOrEqual(400);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBeLessThan(500);
    const rows = (await ledgerRows(app.db.database, p.id)).slice(before);
    expect(answers.find((a) => a.statusCode === 200)!.json().success).toBe(true);
    expect(rows.map((r) => r.reason)).toEqual(['core-open']);
  });

  // Each race check above, run against a naive read-then-write version, fails: shown here so the checks can fail.
  it('the buy-versus-remove check catches a naive read-then-write pair', async () => {
    const listingId = await listing(await gearOf(app, seller));
    const allRead = barrier(2);
    const statuses = await Promise.all([
      naiveBuy(app.db.database, buyers[0]!.id, listingId, allRead),
      naiveRemove(app.db.database, listingId, allRead),
    ]);
    // Both read the listing active: it is sold and taken back.
    expect(statuses).toEqual([200, 200]);
  });

  it('the list-twice check catches a naive check-then-insert listing', async () => {
    const id = await gearOf(app, seller);
    const allRead = barrier(racers);
    const statuses = await Promise.all(
      Array.from({ length: racers }, () => naiveList(app.db.database, seller.id, id, allRead)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(racers);
  });

  it('the destroy-while-listing check catches a naive pair', async () => {
    const id = await gearOf(app, seller);
    const allRead = barrier(2);
    const statuses = await Promise.all([
      naiveList(app.db.database, seller.id, id, allRead),
      naiveDestroy(app.db.database, id, allRead),
    ]);
    // Both saw the item free: it is listed and destroyed.
    expect(statuses).toEqual([200, 200]);
  });

  it('the open-once check catches a naive read-then-write core use', async () => {
    const p = buyers[1]!;
    const id = await coreOf(app, p, 'T-1');
    const allRead = barrier(racers);
    const statuses = await Promise.all(
      Array.from({ length: racers }, () => naiveUseCore(app.db.database, p.id, id, allRead)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(racers);
  });
});
