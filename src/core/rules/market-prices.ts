import { coreDisplayName, coreTypeNames, gearTypes, rarities, type ItemKind } from '../items';
import type { ListingTypeFilter } from '../api/market';
import { gearNames } from './drops';

/**
 * What the market prices as one item: a gear type in one rarity (each has one name, whatever its
 * level) or a Telnet Core type. The Data Exchange's price reference (cheapest listing, average of
 * the last sales) is kept per item name, so a listing finds its reference by its own name.
 */
export interface PricedItem {
  itemName: string;
  itemType: ItemKind;
  /** The marketplace's type filter value: a gear type or 'telnet-core'. */
  filterType: ListingTypeFilter;
}

/** Every priced item, gear (type by type, lowest rarity first) then cores T-1…T-5; only `type`'s when given. */
export function pricedItems(type?: ListingTypeFilter): PricedItem[] {
  const gear = gearTypes.flatMap((t) =>
    rarities.map((r): PricedItem => ({ itemName: gearNames[t][r], itemType: 'gear', filterType: t })),
  );
  const cores = coreTypeNames.map((c): PricedItem => ({
    itemName: coreDisplayName(c),
    itemType: 'telnet-core',
    filterType: 'telnet-core',
  }));
  const all = [...gear, ...cores];
  return type ? all.filter((i) => i.filterType === type) : all;
}

/** What the balance is after paying `price` (never below 0: a buy short of Telnet is refused, not shown negative). */
export function balanceAfter(telnet: number, price: number): number {
  return Math.max(0, telnet - price);
}
