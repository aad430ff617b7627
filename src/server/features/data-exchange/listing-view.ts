import type { Listing } from '../../../core/api/market';
import { coreDisplayName, type GearType, type Rarity } from '../../../core/items';
import { findCoreType } from '../../../core/rules/cores';
import type { ListingRow, NewListing } from './store';

/** The gear or core being listed, as the inventory read it before escrowing it. */
export type ListedItem =
  | {
      kind: 'gear';
      id: number;
      name: string;
      description: string;
      type: GearType;
      rarity: Rarity;
      level: number;
      statValue: number;
    }
  | { kind: 'telnet-core'; id: number; coreTypeId: number };

/** The listing row's copy of the item: what buyers see, filter and search on (it cannot change while escrowed). */
export function listingRowFor(
  item: ListedItem,
  seller: { id: number; username: string },
  price: number,
  createdAt: Date,
  expiresAt: Date,
): NewListing {
  const common = { sellerId: seller.id, itemId: item.id, price, createdAt, expiresAt };
  if (item.kind === 'gear') {
    const itemData = {
      name: item.name,
      description: item.description,
      type: item.type,
      rarity: item.rarity,
      level: item.level,
      statValue: item.statValue,
    };
    return {
      ...common,
      itemType: 'gear',
      filterType: item.type,
      rarity: item.rarity,
      itemName: item.name,
      itemData,
      searchText: `${item.name} ${seller.username}`.toLowerCase(),
    };
  }
  const typeName = findCoreType(item.coreTypeId)!.name;
  const name = coreDisplayName(typeName);
  const itemData = { name, coreTypeId: item.coreTypeId, coreTypeName: typeName };
  return {
    ...common,
    itemType: 'telnet-core',
    filterType: 'telnet-core',
    rarity: null,
    itemName: name,
    itemData,
    searchText: `${name} ${seller.username}`.toLowerCase(),
  };
}

/** A row as the contract's Listing (spec §3). */
export function toListing(row: ListingRow): Listing {
  const common = {
    id: row.id,
    itemId: row.itemId,
    price: row.price,
    sellerId: row.sellerId,
    sellerUsername: row.sellerUsername,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
  return row.itemType === 'gear'
    ? { ...common, itemType: 'gear', itemData: row.itemData as Extract<Listing, { itemType: 'gear' }>['itemData'] }
    : {
        ...common,
        itemType: 'telnet-core',
        itemData: row.itemData as Extract<Listing, { itemType: 'telnet-core' }>['itemData'],
      };
}
