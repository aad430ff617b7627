import type {
  BuyListingBody,
  CreateListingBody,
  ListingQuery,
  PriceQuery,
  RemoveListingBody,
} from '../../../core/api/market';
import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import type { IdempotentOutcome } from '../../idempotency';
import type { Job } from '../../jobs';
import { buyListing } from './buy-listing';
import { createListing } from './create-listing';
import { expireListing } from './expire-listing';
import { listingPage, myListings, priceList } from './listing-reads';
import { createMarketContext, type MarketServiceDeps } from './market-context';
import { removeListing } from './remove-listing';
import * as store from './store';
import { saleReferences, withdrawAllOf, withdrawItems } from './withdraw-listings';

export type { MarketServiceDeps };

/**
 * The Data Exchange (spec §7 Marketplace, ADR 016): escrowed listings, one-transaction sales, expiry on the
 * jobs runner. Each action is a module of its own over one shared context (ADR 080); this only binds them.
 */
export function createMarketService(deps: MarketServiceDeps) {
  const ctx = createMarketContext(deps);
  return {
    create: (userId: number, key: string, body: CreateListingBody) => createListing(ctx, userId, key, body),
    buy: (buyerId: number, key: string, body: BuyListingBody) => buyListing(ctx, buyerId, key, body),
    remove: (userId: number, key: string, body: RemoveListingBody) => removeListing(ctx, userId, key, body),
    listings: (query: ListingQuery) => listingPage(ctx, query),
    /** The price reference of each item of a type (all items without one): cheapest listing, average of the last sales. */
    prices: (query: PriceQuery) => priceList(ctx, query),
    /** One page of the listings the player made or bought, for their data export (ADR 057). */
    exportPage: (userId: number, after: number, limit: number) =>
      store.listingsPage(deps.database.db, userId, after, limit),
    myListings: (userId: number) => myListings(ctx, userId),
    /** A seller's active listings of these items closed, items back to them, in the caller's transaction (ADR 046). */
    withdrawItems: (tx: Tx, r: Parameters<typeof withdrawItems>[2], afterCommit: AfterCommit) =>
      withdrawItems(ctx, tx, r, afterCommit),
    /** Every active listing of a deleted account withdrawn, in the caller's transaction (ADR 057). */
    withdrawAllOf: (tx: Tx, sellerId: number, afterCommit: AfterCommit) =>
      withdrawAllOf(ctx, tx, sellerId, afterCommit),
    saleReferences,
    /** The jobs runner's 'market.listingExpired'. */
    expire: (tx: Tx, job: Job<'market.listingExpired', { listingId: number }>, afterCommit: AfterCommit) =>
      expireListing(ctx, tx, job, afterCommit),
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
export type { IdempotentOutcome };
