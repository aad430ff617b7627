import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemPrice } from '../../../core/api/market';
import { balance } from '../../../core/balance';
import { pricedItems } from '../../../core/rules/market-prices';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, coreOf, gearOf, grant, snapshot } from '../../../../tests/support/items';

describe.each(drivers)('the Data Exchange price reference [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  const list = async (p: Player, itemId: number, price: number, itemType = 'gear'): Promise<number> => {
    const res = await act(p, '/api/marketplace/create', { itemType, itemId, price });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().listing.id;
  };
  const buy = async (p: Player, listingId: number) =>
    expect((await act(p, '/api/marketplace/buy', { listingId })).statusCode).toBe(200);
  const prices = async (p: Player, query = ''): Promise<ItemPrice[]> => {
    const res = await p.request('GET', `/api/marketplace/prices${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const priceOf = async (p: Player, name: string) => (await prices(p)).find((r) => r.itemName === name)!;

  it('answers every item with nothing listed and nothing sold as empty', async () => {
    const p = await asPlayer(app);
    const all = await prices(p);
    expect(all.map((r) => r.itemName)).toEqual(pricedItems().map((i) => i.itemName));
    expect(all).toHaveLength(21);
    expect(all.every((r) => r.cheapest === null && r.averageSale === null && r.sales === 0)).toBe(true);
    expect((await prices(p, '?type=telnet-core')).map((r) => r.itemName)).toEqual([
      'T-1 Telnet Core',
      'T-2 Telnet Core',
      'T-3 Telnet Core',
      'T-4 Telnet Core',
      'T-5 Telnet Core',
    ]);
    expect((await prices(p, '?type=gpu')).map((r) => r.itemName)).toEqual([
      'Pixel Pusher GPU',
      'Raytrace GPU',
      'Hexcore GPU',
      'Void Render GPU',
    ]);
  });

  it('shows the cheapest active listing of an item, whatever its level, and the average of its last sales', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    await grant(app, buyer, { telnet: 100_000 });
    // Three epic GPUs listed; the cheapest is a level-3 one; another item's listing does not count.
    await list(seller, await gearOf(app, seller, 'gpu', 'epic', 1), 300);
    const cheap = await list(seller, await gearOf(app, seller, 'gpu', 'epic', 3), 120);
    await list(seller, await gearOf(app, seller, 'gpu', 'epic', 2), 450);
    await list(seller, await gearOf(app, seller, 'gpu', 'rare', 1), 5);
    expect(await priceOf(buyer, 'Hexcore GPU')).toEqual({
      itemName: 'Hexcore GPU',
      itemType: 'gear',
      cheapest: 120,
      averageSale: null,
      sales: 0,
    });

    // Sold: it leaves the cheapest, enters the average.
    await buy(buyer, cheap);
    expect(await priceOf(buyer, 'Hexcore GPU')).toEqual({
      itemName: 'Hexcore GPU',
      itemType: 'gear',
      cheapest: 300,
      averageSale: 120,
      sales: 1,
    });

    // A removed listing is neither for sale nor a sale.
    const removed = await list(seller, await gearOf(app, seller, 'gpu', 'epic', 1), 50);
    expect((await priceOf(buyer, 'Hexcore GPU')).cheapest).toBe(50);
    expect((await act(seller, '/api/marketplace/remove', { listingId: removed })).statusCode).toBe(200);
    expect(await priceOf(buyer, 'Hexcore GPU')).toMatchObject({ cheapest: 300, averageSale: 120, sales: 1 });
  });

  it(`averages only the last ${balance.marketPriceSampleSales} sales, rounded to whole Telnet`, async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    await grant(app, buyer, { telnet: 100_000 });
    // An old sale at 1000, then ten newer sales at 10 and 11 alternately: the old one falls out.
    const prices = [1000, 10, 11, 10, 11, 10, 11, 10, 11, 10, 12];
    for (const price of prices) {
      await buy(buyer, await list(seller, await coreOf(app, seller, 'T-5'), price, 'telnet-core'));
      app.clock.advance(1000);
    }
    expect(await priceOf(buyer, 'T-5 Telnet Core')).toEqual({
      itemName: 'T-5 Telnet Core',
      itemType: 'telnet-core',
      cheapest: null,
      averageSale: 11,
      sales: 10,
    });
  });

  it('refuses a bad query with a 400 and a signed-out reader with a 401, changing nothing', async () => {
    const p = await asPlayer(app);
    const before = await snapshot(app);
    for (const query of [
      '?type=kernel',
      '?type=',
      '?type=cpu&type=ram',
      '?sort=price-asc',
      '?__proto__=x',
      '?type=cpu%00',
      `?type=${'x'.repeat(5000)}`,
    ]) {
      const res = await p.request('GET', `/api/marketplace/prices${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/marketplace/prices' }), 401);
    expect(await snapshot(app)).toBe(before);
  });

  it('leaves an expired listing out of the cheapest (it cannot be bought)', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    await list(seller, await gearOf(app, seller, 'storage', 'legendary', 1), 77);
    expect((await priceOf(buyer, 'Deep Archive Storage')).cheapest).toBe(77);
    app.clock.advance(balance.marketListingDays * 24 * 60 * 60 * 1000);
    expect((await priceOf(buyer, 'Deep Archive Storage')).cheapest).toBeNull();
  });
});
