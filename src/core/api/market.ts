import { z } from 'zod';
import { balance } from '../balance';
import { infra } from '../infra';
import { CoreTypeName, GearType, gearTypes, ItemKind, Rarity } from '../items';
import { PlainText, queryInt } from './common';
import { ActionResult, ItemId } from './inventory';

/**
 * The Data Exchange contract (spec §7 "Marketplace"). Listings are public; prices are whole
 * Telnet checked by rules/market.ts validatePrice (so the player reads the spec's own text).
 */

/** What a listed gear item looks like to buyers. */
export const ListedGear = z.object({
  name: z.string(),
  description: z.string(),
  type: GearType,
  rarity: Rarity,
  level: z.int().min(1),
  statValue: z.int().min(0),
});
export type ListedGear = z.infer<typeof ListedGear>;

/** What a listed Telnet Core looks like: name is "T-3 Telnet Core". */
export const ListedCore = z.object({ name: z.string(), coreTypeId: z.int().min(1), coreTypeName: CoreTypeName });
export type ListedCore = z.infer<typeof ListedCore>;

const listingFields = {
  id: ItemId,
  itemId: ItemId,
  price: z.int().min(1),
  sellerId: ItemId,
  sellerUsername: z.string(),
  createdAt: z.iso.datetime(),
  /** spec §3: when it expires; after it, it cannot be bought and the jobs runner returns the item. */
  expiresAt: z.iso.datetime(),
};

/** spec §3 marketplace listing: id, itemType, itemId, itemData, price, sellerId, sellerUsername, expiresAt. */
export const Listing = z.discriminatedUnion('itemType', [
  z.object({ ...listingFields, itemType: z.literal('gear'), itemData: ListedGear }),
  z.object({ ...listingFields, itemType: z.literal('telnet-core'), itemData: ListedCore }),
]);
export type Listing = z.infer<typeof Listing>;

/** The marketplace's type filter: a gear type or telnet-core. */
export const ListingTypeFilter = z.enum([...gearTypes, 'telnet-core']);
export type ListingTypeFilter = z.infer<typeof ListingTypeFilter>;

/** Sort orders: newest first (default), or by price; ties by listing id, newest first. */
export const ListingSort = z.enum(['newest', 'price-asc', 'price-desc']);
export type ListingSort = z.infer<typeof ListingSort>;

/**
 * GET /api/marketplace/listings?q&type&rarity&sort&page&pageSize — active, unexpired listings only.
 * q: case-insensitive substring of the item's name or the seller's username (rules/market.ts
 * normalizeSearch; '' = no search). rarity filters gear, so cores drop out when it is set.
 */
export const ListingQuery = z.strictObject({
  q: PlainText.max(balance.marketSearchMaxLength).optional(),
  type: ListingTypeFilter.optional(),
  rarity: Rarity.optional(),
  sort: ListingSort.default('newest'),
  page: queryInt(z.int().min(1).max(infra.marketMaxPage)).default(1),
  pageSize: queryInt(z.int().min(1).max(infra.marketPageSizeMax)).default(balance.marketPageSize),
});
export type ListingQuery = z.infer<typeof ListingQuery>;
export type ListingQueryInput = z.input<typeof ListingQuery>;

/** One page of listings; a page past the last answers an empty list with the same total. */
export const ListingPage = z.object({
  listings: z.array(Listing),
  page: z.int().min(1),
  pageSize: z.int().min(1),
  total: z.int().min(0),
});
export type ListingPage = z.infer<typeof ListingPage>;

/** GET /api/marketplace/my-listings: the player's active listings (expired ones not yet returned included), newest first. */
export const MyListings = z.array(Listing);

/** POST /api/marketplace/create {itemType, itemId, price}; price any JSON number, checked by validatePrice. */
export const CreateListingBody = z.strictObject({ itemType: ItemKind, itemId: ItemId, price: z.number() });
export type CreateListingBody = z.infer<typeof CreateListingBody>;
export const CreateListingResult = ActionResult.extend({ listing: Listing });
export type CreateListingResult = z.infer<typeof CreateListingResult>;

/** POST /api/marketplace/buy {listingId}. */
export const BuyListingBody = z.strictObject({ listingId: ItemId });
export type BuyListingBody = z.infer<typeof BuyListingBody>;
/** A purchase: what was bought, for how much; the item is now in the buyer's inventory. */
export const BuyListingResult = ActionResult.extend({
  listingId: ItemId,
  itemType: ItemKind,
  itemId: ItemId,
  price: z.int().min(1),
});
export type BuyListingResult = z.infer<typeof BuyListingResult>;

/** POST /api/marketplace/remove {listingId}: the item goes back to the seller. */
export const RemoveListingBody = z.strictObject({ listingId: ItemId });
export type RemoveListingBody = z.infer<typeof RemoveListingBody>;
export const RemoveListingResult = ActionResult;

/**
 * GET /api/marketplace/prices?type — the price reference per item (a gear type in one rarity, or a core
 * type; rules/market-prices.ts): the cheapest active, unexpired listing and the rounded average of its
 * last balance.marketPriceSampleSales sales. One row per item of the type (all 21 without `type`).
 */
export const PriceQuery = z.strictObject({ type: ListingTypeFilter.optional() });
export type PriceQuery = z.infer<typeof PriceQuery>;
export const ItemPrice = z.object({
  itemName: z.string(),
  itemType: ItemKind,
  /** null: nothing of it is for sale now. */
  cheapest: z.int().min(1).nullable(),
  /** null: it never sold. */
  averageSale: z.int().min(1).nullable(),
  /** How many sales the average covers (at most balance.marketPriceSampleSales). */
  sales: z.int().min(0).max(balance.marketPriceSampleSales),
});
export type ItemPrice = z.infer<typeof ItemPrice>;
export const PriceList = z.array(ItemPrice);
export type PriceList = z.infer<typeof PriceList>;

export const marketPaths = {
  listings: '/api/marketplace/listings',
  prices: '/api/marketplace/prices',
  myListings: '/api/marketplace/my-listings',
  create: '/api/marketplace/create',
  buy: '/api/marketplace/buy',
  remove: '/api/marketplace/remove',
} as const;

/**
 * Routes whose POST moves or destroys value and must carry an `Idempotency-Key` header (the groundwork's
 * idempotency rules: a retry with the same key gets the first answer, nothing is applied twice).
 * Equip is not here: setting the same slot twice is already harmless.
 */
export const idempotentRoutes = [
  '/api/gear/destroy',
  '/api/inventory/destroy',
  '/api/telnet-cores/destroy',
  '/api/telnet-cores/:id/use',
  '/api/marketplace/create',
  '/api/marketplace/buy',
  '/api/marketplace/remove',
] as const;
