import type { Listing, ListingPage, ListingQuery, PriceList, PriceQuery } from '../../../core/api/market';
import { balance } from '../../../core/balance';
import { pricedItems } from '../../../core/rules/market-prices';
import { toListing } from './listing-view';
import type { MarketContext } from './market-context';
import * as store from './store';

/** One page of the active listings, as the Data Exchange's table shows them. */
export async function listingPage(ctx: MarketContext, query: ListingQuery): Promise<ListingPage> {
  const { rows, total } = await store.listingPage(ctx.deps.database.db, query, new Date(ctx.deps.now()));
  return { listings: rows.map(toListing), page: query.page, pageSize: query.pageSize, total };
}

/** The price reference of each item of a type (all items without one): cheapest listing, average of the last sales. */
export async function priceList(ctx: MarketContext, query: PriceQuery): Promise<PriceList> {
  const items = pricedItems(query.type);
  const rows = new Map(
    (
      await store.pricesOf(
        ctx.deps.database.db,
        items.map((i) => i.itemName),
        new Date(ctx.deps.now()),
        balance.marketPriceSampleSales,
      )
    ).map((r) => [r.item_name, r]),
  );
  return items.map((i) => {
    const row = rows.get(i.itemName);
    return {
      itemName: i.itemName,
      itemType: i.itemType,
      cheapest: row?.cheapest ?? null,
      averageSale: row?.average ?? null,
      sales: row?.sales ?? 0,
    };
  });
}

/** The player's own active listings. */
export async function myListings(ctx: MarketContext, userId: number): Promise<Listing[]> {
  return (await store.activeListingsOf(ctx.deps.database.db, userId)).map(toListing);
}
