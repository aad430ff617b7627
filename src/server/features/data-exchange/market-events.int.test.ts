import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { saleFee } from '../../../core/rules/market';
import { asPlayer } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { listeningTestApp, type ListeningTestApp } from '../../../../tests/support/listening-app';
import { act, coreOf, gearOf, grant } from '../../../../tests/support/items';

describe.each(drivers)('Data Exchange events [%s]', (driver) => {
  let app: ListeningTestApp;
  beforeAll(async () => {
    app = await listeningTestApp(driver);
  });
  afterAll(() => app.close());
  const socketOf = (cookie: string) => app.socket(cookie);

  it('a listing, a sale and a removal reach the open screens; the seller is told their item sold', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    await grant(app, buyer, { telnet: 1000 });
    const [sellerSocket, buyerSocket] = [await socketOf(seller.cookie), await socketOf(buyer.cookie)];
    const id = await gearOf(app, seller, 'ram', 'rare');
    const listing = (await act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: id, price: 200 })).json()
      .listing;
    expect((await buyerSocket.next('market.listingCreated', (e) => e.d.id === listing.id)).d).toEqual(listing);
    await sellerSocket.next('inventory.changed', (e) => e.d.reason === 'market-listed');

    await act(buyer, '/api/marketplace/buy', { listingId: listing.id });
    const sold = await sellerSocket.next('market.listingSold', (e) => e.d.listingId === listing.id);
    expect(sold.d).toEqual({
      listingId: listing.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      itemType: 'gear',
      itemName: 'Neon DDR RAM',
      price: 200,
      fee: saleFee(200),
    });
    await sellerSocket.next('inventory.changed', (e) => e.d.reason === 'market-sold');
    await buyerSocket.next('inventory.changed', (e) => e.d.reason === 'market-bought');
    await buyerSocket.next('market.listingSold', (e) => e.d.listingId === listing.id);
    expect((await buyerSocket.next('user.updated', (e) => e.d.telnet === 800)).d.id).toBe(buyer.id);
    await sellerSocket.next('user.updated', (e) => e.d.telnet === 200 - saleFee(200));

    const other = (
      await act(seller, '/api/marketplace/create', {
        itemType: 'telnet-core',
        itemId: await coreOf(app, seller),
        price: 5,
      })
    ).json().listing;
    await act(seller, '/api/marketplace/remove', { listingId: other.id });
    expect((await buyerSocket.next('market.listingRemoved', (e) => e.d.listingId === other.id)).d).toEqual({
      listingId: other.id,
      sellerId: seller.id,
      itemName: 'T-1 Telnet Core',
    });
    await sellerSocket.next('inventory.changed', (e) => e.d.reason === 'market-returned');
  });

  it('an expiry returns the item and tells every screen, after the job commits', async () => {
    const seller = await asPlayer(app);
    const watcher = await socketOf((await asPlayer(app)).cookie);
    const sellerSocket = await socketOf(seller.cookie);
    const listing = (
      await act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: await gearOf(app, seller), price: 9 })
    ).json().listing;
    app.clock.advance(balance.marketListingDays * 86_400_000);
    await app.jobs.runDue();
    await watcher.next('market.listingExpired', (e) => e.d.listingId === listing.id);
    await sellerSocket.next('inventory.changed', (e) => e.d.reason === 'market-returned');
    expect((await seller.request('GET', '/api/gear')).json()).toMatchObject([{ id: listing.itemId, listingId: null }]);
  });
});
