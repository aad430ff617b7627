import type { ServerEvent } from '../../../core/api/events';
import { screenEvents, type CacheAction } from '../../lib/socket/socket-model';
import { marketNoticeToast } from './market-notice';

/** Query paths the inventory screen reads (spec §7: a read's key is its path). */
export const inventoryQueryPrefixes = ['/api/gear', '/api/telnet-cores'] as const;
/** The marketplace browse pages (key: path plus the search parameters). */
export const listingsQueryPrefix = '/api/marketplace/listings';
export const myListingsQueryPrefix = '/api/marketplace/my-listings';
/** The price reference (cheapest listing, average of the last sales): it moves with every listing and sale. */
export const pricesQueryPrefix = '/api/marketplace/prices';
const browse = [listingsQueryPrefix, pricesQueryPrefix];

const marketEventTypes = [
  'market.listingCreated',
  'market.listingSold',
  'market.listingRemoved',
  'market.listingExpired',
  'inventory.changed',
] as const satisfies readonly ServerEvent['t'][];
type MarketEvent = Extract<ServerEvent, { t: (typeof marketEventTypes)[number] }>;

const mine = [...browse, myListingsQueryPrefix, ...inventoryQueryPrefixes];

/**
 * What a market or inventory event does to this tab: refetch what it touched, and
 * tell the seller when their item sold or came back. Other players' events only refresh the browse pages.
 */
export function marketEventActions(event: MarketEvent, meId: number): CacheAction[] {
  switch (event.t) {
    case 'market.listingCreated':
      return [{ kind: 'invalidate', prefixes: event.d.sellerId === meId ? mine : browse }];
    case 'market.listingSold': {
      const { sellerId, buyerId, itemName, price, fee } = event.d;
      if (sellerId === meId) {
        return [
          { kind: 'invalidate', prefixes: mine },
          { kind: 'toast', toast: marketNoticeToast({ kind: 'sold', itemName, price, fee }) },
        ];
      }
      return [{ kind: 'invalidate', prefixes: buyerId === meId ? mine : browse }];
    }
    case 'market.listingRemoved':
      return [{ kind: 'invalidate', prefixes: event.d.sellerId === meId ? mine : browse }];
    case 'market.listingExpired':
      if (event.d.sellerId !== meId) return [{ kind: 'invalidate', prefixes: browse }];
      return [
        { kind: 'invalidate', prefixes: mine },
        { kind: 'toast', toast: marketNoticeToast({ kind: 'expired', itemName: event.d.itemName }) },
      ];
    case 'inventory.changed':
      return [{ kind: 'invalidate', prefixes: [...inventoryQueryPrefixes, myListingsQueryPrefix] }];
  }
}

/** The data-exchange screen's registration with the socket (ADR 080): these events reach every tab of the player. */
export const marketScreenEvents = screenEvents(marketEventTypes, marketEventActions);
