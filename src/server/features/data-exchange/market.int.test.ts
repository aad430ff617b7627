import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { saleFee } from '../../../core/rules/market';
import { fillText, itemTexts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ledgerRows } from '../../../../tests/support/players';
import { act, coreOf, gearOf, grant, snapshot } from '../../../../tests/support/items';

describe.each(drivers)('data exchange [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  const list = (p: Player, itemId: number, price: number, itemType = 'gear') =>
    act(p, '/api/marketplace/create', { itemType, itemId, price });
  const telnet = async (p: Player) => (await p.request('GET', '/api/auth/user')).json().telnet as number;

  it('lists into escrow, sells in one transaction with the fee, and the buyer holds the item', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    const id = await gearOf(app, seller, 'gpu', 'epic', 1);
    await grant(app, buyer, { telnet: 500 });
    const created = await list(seller, id, 400);
    expect(created.statusCode, created.body).toBe(200);
    const listing = created.json().listing;
    expect(created.json().message).toBe(fillText(itemTexts.listingCreated, { name: 'Hexcore GPU', price: 400 }));
    expect(listing).toMatchObject({
      itemType: 'gear',
      itemId: id,
      price: 400,
      sellerId: seller.id,
      itemData: { name: 'Hexcore GPU', rarity: 'epic' },
    });
    // Escrowed: listed on the seller's gear, cannot be equipped, destroyed or listed again.
    expect((await seller.request('GET', '/api/gear')).json()).toMatchObject([{ id, listingId: listing.id }]);
    expectError(
      await seller.request('POST', '/api/gear/equip', { gearId: id, equip: true }),
      409,
      itemTexts.itemListed,
    );
    expectError(await act(seller, '/api/gear/destroy', { gearId: id }), 409, itemTexts.itemListed);
    expectError(await list(seller, id, 10), 409, itemTexts.itemListed);
    expect(
      (await seller.request('GET', '/api/marketplace/my-listings')).json().map((l: { id: number }) => l.id),
    ).toEqual([listing.id]);

    expectError(await act(seller, '/api/marketplace/buy', { listingId: listing.id }), 403, itemTexts.ownListing);
    const bought = await act(buyer, '/api/marketplace/buy', { listingId: listing.id });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toEqual({
      success: true,
      message: fillText(itemTexts.listingBought, { name: 'Hexcore GPU', price: 400 }),
      listingId: listing.id,
      itemType: 'gear',
      itemId: id,
      price: 400,
    });
    const fee = saleFee(400);
    expect(await telnet(buyer)).toBe(100);
    expect(await telnet(seller)).toBe(400 - fee);
    expect((await ledgerRows(app.db.database, seller.id)).map((r) => [r.delta, r.reason])).toEqual([
      [400, 'market-sale'],
      [-fee, 'market-fee'],
    ]);
    expect((await buyer.request('GET', '/api/gear')).json()).toMatchObject([{ id, listingId: null }]);
    expect((await seller.request('GET', '/api/gear')).json()).toEqual([]);
    expectError(await act(buyer, '/api/marketplace/buy', { listingId: listing.id }), 404, itemTexts.listingGone);
  });

  it('refuses a buyer short of Telnet or with a full inventory before paying', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    const listingId = (await list(seller, await coreOf(app, seller, 'T-2'), 50, 'telnet-core')).json().listing.id;
    await grant(app, buyer, { telnet: 20 });
    let before = await snapshot(app);
    expectError(
      await act(buyer, '/api/marketplace/buy', { listingId }),
      409,
      fillText(itemTexts.insufficientTelnet, { n: 30 }),
    );
    expect(await snapshot(app)).toBe(before);
    await grant(app, buyer, { telnet: 100 });
    for (let i = 0; i < balance.inventoryCapacity; i++) await coreOf(app, buyer);
    before = await snapshot(app);
    expectError(await act(buyer, '/api/marketplace/buy', { listingId }), 409, itemTexts.buyerInventoryFull);
    expect(await snapshot(app)).toBe(before);
  });

  it('a retried buy with the same key is answered from the first outcome and charged once', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    await grant(app, buyer, { telnet: 100 });
    const listingId = (await list(seller, await gearOf(app, seller), 60)).json().listing.id;
    const first = await act(buyer, '/api/marketplace/buy', { listingId }, 'buy-retry-key-1');
    const retry = await act(buyer, '/api/marketplace/buy', { listingId }, 'buy-retry-key-1');
    expect([first.statusCode, retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(retry.json()).toEqual(first.json());
    expect(await telnet(buyer)).toBe(40);
    expect((await act(buyer, '/api/marketplace/buy', { listingId: listingId + 1 }, 'buy-retry-key-1')).statusCode).toBe(
      422,
    );
  });

  it('remove returns the item; only the seller may remove', async () => {
    const seller = await asPlayer(app);
    const other = await asPlayer(app);
    const id = await gearOf(app, seller);
    const listingId = (await list(seller, id, 5)).json().listing.id;
    expectError(await act(other, '/api/marketplace/remove', { listingId }), 403, itemTexts.notYourListing);
    const res = await act(seller, '/api/marketplace/remove', { listingId });
    expect(res.json()).toEqual({
      success: true,
      message: fillText(itemTexts.listingRemoved, { name: 'Scrap Core CPU' }),
    });
    expect((await seller.request('GET', '/api/gear')).json()).toMatchObject([{ id, listingId: null }]);
    expectError(await act(seller, '/api/marketplace/remove', { listingId }), 404, itemTexts.listingGone);
  });

  it('expires a listing: cannot be bought, and the jobs runner returns the item exactly once', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    await grant(app, buyer, { telnet: 100 });
    const id = await coreOf(app, seller, 'T-3');
    const listingId = (await list(seller, id, 10, 'telnet-core')).json().listing.id;
    const sold = (await list(seller, await coreOf(app, seller), 10, 'telnet-core')).json().listing.id;
    await act(buyer, '/api/marketplace/buy', { listingId: sold });
    app.clock.advance(balance.marketListingDays * 86_400_000);
    expectError(await act(buyer, '/api/marketplace/buy', { listingId }), 404, itemTexts.listingGone);
    await app.jobs.runDue();
    await app.jobs.runDue();
    expect((await seller.request('GET', '/api/telnet-cores')).json()).toMatchObject([{ id, listingId: null }]);
    const statuses = await app.db.database.query<{ id: number; status: string }>(
      'SELECT id, status FROM market_listings WHERE id IN ($1, $2) ORDER BY id',
      [listingId, sold],
    );
    expect(statuses.map((s) => s.status)).toEqual(['expired', 'sold']);
    expect((await buyer.request('GET', '/api/telnet-cores')).json()).toHaveLength(1);
  });

  it('searches, filters, sorts by price and pages with a stable order', async () => {
    const seller = await asPlayer(app, { username: `zq${Date.now() % 1e6}` });
    for (const [type, rarity, price] of [
      ['cpu', 'common', 30],
      ['ram', 'rare', 10],
      ['cpu', 'legendary', 20],
    ] as const) {
      await list(seller, await gearOf(app, seller, type, rarity), price);
    }
    const q = `?q=${seller.username}`;
    const page = async (extra: string) => (await seller.request('GET', `/api/marketplace/listings${q}${extra}`)).json();
    expect((await page('&sort=price-asc')).listings.map((l: { price: number }) => l.price)).toEqual([10, 20, 30]);
    expect((await page('&sort=price-desc&pageSize=2&page=2')).listings.map((l: { price: number }) => l.price)).toEqual([
      10,
    ]);
    expect((await page('&sort=price-desc&pageSize=2')).total).toBe(3);
    expect((await page('&type=cpu')).listings).toHaveLength(2);
    expect((await page('&rarity=legendary')).listings.map((l: { price: number }) => l.price)).toEqual([20]);
    expect((await page('&type=telnet-core')).listings).toEqual([]);
    expect(
      (await seller.request('GET', `/api/marketplace/listings?q=SINGULARITY ${seller.username.toUpperCase()}`)).json()
        .total,
    ).toBe(0);
    expect(
      (await seller.request('GET', `/api/marketplace/listings?q=singularity`)).json().total,
    ).toBeGreaterThanOrEqual(1);
    for (const bad of ['?page=0', '?pageSize=51', '?sort=cheap', '?type=sword', '?page=1.5', '?foo=1']) {
      expect((await seller.request('GET', `/api/marketplace/listings${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it.each([
    ['zero price', 0, itemTexts.priceTooLow],
    ['negative price', -5, itemTexts.priceTooLow],
    ['fractional price', 1.5, itemTexts.priceNotWhole],
    ['huge price', 1e12, itemTexts.priceTooHigh],
    ['string price', '10', undefined],
    ['missing price', undefined, undefined],
  ])('refuses a %s with a 400 and changes nothing', async (_name, price, message) => {
    const seller = await asPlayer(app);
    const id = await gearOf(app, seller);
    const before = await snapshot(app);
    expectError(
      await act(seller, '/api/marketplace/create', {
        itemType: 'gear',
        itemId: id,
        ...(price === undefined ? {} : { price }),
      }),
      400,
      message,
    );
    expect(await snapshot(app)).toBe(before);
  });

  it("refuses other players' items, equipped gear, spent cores, bad ids and missing keys, changing nothing", async () => {
    const seller = await asPlayer(app);
    const other = await asPlayer(app);
    const theirs = await gearOf(app, other);
    const equipped = await gearOf(app, seller);
    await seller.request('POST', '/api/gear/equip', { gearId: equipped, equip: true });
    const before = await snapshot(app);
    expectError(await list(seller, theirs, 5), 404, itemTexts.itemNotFound);
    expectError(await list(seller, equipped, 5), 409, itemTexts.unequipBeforeSelling);
    expectError(await list(seller, theirs, 5, 'telnet-core'), 404, itemTexts.itemNotFound);
    expect(
      (await act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: equipped, price: 5, sellerId: 1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await seller.request('POST', '/api/marketplace/create', { itemType: 'gear', itemId: theirs, price: 5 }))
        .statusCode,
    ).toBe(400);
    for (const listingId of [0, -1, 1.5, '7', 2 ** 31])
      expect((await act(seller, '/api/marketplace/buy', { listingId })).statusCode).toBe(400);
    expectError(await act(seller, '/api/marketplace/buy', { listingId: 2 ** 31 - 1 }), 404, itemTexts.listingGone);
    expect(await snapshot(app)).toBe(before);
  });
});
