import { balance } from '../../../core/balance';
import type { Gear, TelnetCore } from '../../../core/api/inventory';
import {
  marketPaths,
  type ItemPrice,
  type Listing,
  type ListingSort,
  type ListingTypeFilter,
} from '../../../core/api/market';
import { gearStatLabel } from '../../../core/rules/gear-stats';
import { daysLeft, saleFee, sellerProceeds } from '../../../core/rules/market';
import { coreDisplayName, rarityWord, slotLabel, type Rarity } from '../../../core/items';
import { fillText, itemTexts } from '../../../core/texts';
import { formatTelnet } from '../../lib/format-telnet';

/** spec §2: the three tabs of the Data Exchange. */
export type ExchangeTab = 'marketplace' | 'my-listings' | 'sell';
export const exchangeTabs: readonly { key: ExchangeTab; label: string }[] = [
  { key: 'marketplace', label: itemTexts.marketplaceTab },
  { key: 'my-listings', label: itemTexts.myListingsTab },
  { key: 'sell', label: itemTexts.sellItemsTab },
];

/** What the browse controls hold; the server does the searching, filtering, sorting and paging. */
export interface MarketFilters {
  q: string;
  type: ListingTypeFilter | '';
  rarity: Rarity | '';
  sort: ListingSort;
  page: number;
}
export const defaultFilters: MarketFilters = { q: '', type: '', rarity: '', sort: 'newest', page: 1 };

/** A change of search, filter or sort starts again at page 1; a page change keeps the rest. */
export function withFilter(filters: MarketFilters, change: Partial<Omit<MarketFilters, 'page'>>): MarketFilters {
  return { ...filters, ...change, page: 1 };
}

/** GET /api/marketplace/listings with only the parameters that are set (also the query's key). */
export function listingsPath(filters: MarketFilters): string {
  const params = new URLSearchParams();
  const q = filters.q.trim().slice(0, balance.marketSearchMaxLength);
  if (q) params.set('q', q);
  if (filters.type) params.set('type', filters.type);
  if (filters.rarity) params.set('rarity', filters.rarity);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  params.set('pageSize', String(balance.marketPageSize));
  return `${marketPaths.listings}?${params.toString()}`;
}

/** The buy button of a listing: the player's own shows 'YOUR ITEM' (spec §5), otherwise BUY, or BUY disabled when short of Telnet. */
export type BuyState = { kind: 'own' } | { kind: 'buy' } | { kind: 'short'; missing: number } | { kind: 'expired' };
export function buyState(listing: Listing, me: { id: number; telnet: number }, nowMs: number): BuyState {
  if (listing.sellerId === me.id) return { kind: 'own' };
  if (Date.parse(listing.expiresAt) <= nowMs) return { kind: 'expired' };
  if (me.telnet < listing.price) return { kind: 'short', missing: listing.price - me.telnet };
  return { kind: 'buy' };
}

/** "5 days left", "1 day left", "expired" (spec §9: days left are shown). */
export function daysLeftLabel(expiresAt: string, nowMs: number): string {
  const n = daysLeft(Date.parse(expiresAt), nowMs);
  if (n === 0) return itemTexts.expired;
  return n === 1 ? itemTexts.dayLeft : fillText(itemTexts.daysLeft, { n });
}

/** A listing's item as one line of facts, rarity in words: "RAM · LV.12 · EPIC · +4.8% CRIT", or "TELNET CORE". */
export function listingFacts(listing: Listing): string {
  if (listing.itemType === 'telnet-core') return 'TELNET CORE';
  return gearFacts(listing.itemData);
}

function gearFacts(g: Pick<Gear, 'type' | 'level' | 'rarity' | 'statValue'>): string {
  return `${slotLabel[g.type]} · LV.${g.level} · ${rarityWord(g.rarity)} · ${gearStatLabel(g)}`;
}

/** The market's price of an item, one line: "LOWEST 120 · AVG OF LAST 10 SALES 115" (null while unknown). */
export function priceReferenceLine(price: ItemPrice | undefined): string | null {
  if (!price) return null;
  const lowest =
    price.cheapest === null ? itemTexts.noneListed : fillText(itemTexts.lowestListed, { n: price.cheapest });
  const average =
    price.averageSale === null
      ? itemTexts.noSales
      : price.sales === 1
        ? fillText(itemTexts.averageOneSale, { n: price.averageSale })
        : fillText(itemTexts.averageSale, { k: price.sales, n: price.averageSale });
  return `${lowest} · ${average}`;
}

/** The price reference of each item by its name, as a listing or an inventory item finds it. */
export function pricesByName(prices: readonly ItemPrice[] | undefined): ReadonlyMap<string, ItemPrice> {
  return new Map((prices ?? []).map((p) => [p.itemName, p]));
}

/** Whether a listing's gear is above the player's level (they could buy it but not equip it yet). */
export function aboveLevel(listing: Listing, playerLevel: number): number | null {
  return listing.itemType === 'gear' && listing.itemData.level > playerLevel ? listing.itemData.level : null;
}

/** The rarity class of a listing's name; cores use the currency colour. */
export function listingTone(listing: Listing): Rarity | 'core' {
  return listing.itemType === 'gear' ? listing.itemData.rarity : 'core';
}

/** A thing the player may sell (spec §4: only unequipped gear; not already listed). */
export interface SellableItem {
  itemType: 'gear' | 'telnet-core';
  itemId: number;
  name: string;
  tone: Rarity | 'core';
  facts: string;
}

export function sellableGear(gear: readonly Gear[]): SellableItem[] {
  return gear
    .filter((g) => !g.isEquipped && g.listingId === null)
    .map((g) => ({ itemType: 'gear', itemId: g.id, name: g.name, tone: g.rarity, facts: gearFacts(g) }));
}

export function sellableCores(cores: readonly TelnetCore[]): SellableItem[] {
  return cores
    .filter((c) => c.listingId === null)
    .map((c) => ({
      itemType: 'telnet-core',
      itemId: c.id,
      name: coreDisplayName(c.coreType.name),
      tone: 'core',
      facts: 'TELNET CORE',
    }));
}

/** What the seller will get for a price, after the market's fee (game-rules §13). */
export function proceedsLine(price: number): string {
  return fillText(itemTexts.proceeds, { n: formatTelnet(sellerProceeds(price)), fee: formatTelnet(saleFee(price)) });
}
