import { newIdempotencyKey } from '../../lib/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { infra } from '../../../core/infra';
import {
  BuyListingResult,
  CreateListingResult,
  ListingPage,
  marketPaths,
  MyListings,
  PriceList,
  RemoveListingResult,
  type CreateListingBody,
} from '../../../core/api/market';
import { useApi } from '../../lib/api-context';
import { usePollInterval } from '../../lib/socket/socket-provider';
import { refreshInventory } from '../inventory/use-inventory';
import { listingsPath, type MarketFilters } from './data-exchange-model';
import { listingsQueryPrefix, myListingsQueryPrefix, pricesQueryPrefix } from './market-events';

/**
 * One marketplace page (spec §7 GET /api/marketplace/listings). The key is [path prefix, full path], so
 * socket events can refresh every page at once; the previous page stays on screen while the next loads.
 */
export function useListings(filters: MarketFilters) {
  const api = useApi();
  const path = listingsPath(filters);
  return useQuery({
    queryKey: [listingsQueryPrefix, path],
    queryFn: ({ signal }) => api.request(path, { schema: ListingPage, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: usePollInterval(infra.marketPollMs),
  });
}

/** The player's active listings (spec §7 GET /api/marketplace/my-listings). */
export function useMyListings() {
  const api = useApi();
  return useQuery({
    queryKey: [myListingsQueryPrefix],
    queryFn: ({ signal }) => api.request(marketPaths.myListings, { schema: MyListings, signal }),
    refetchInterval: usePollInterval(infra.marketPollMs),
  });
}

/** The price reference of every item (GET /api/marketplace/prices), refetched when a listing or sale moves it. */
export function usePrices() {
  const api = useApi();
  return useQuery({
    queryKey: [pricesQueryPrefix],
    queryFn: ({ signal }) => api.request(marketPaths.prices, { schema: PriceList, signal }),
    refetchInterval: usePollInterval(infra.marketPollMs),
  });
}

function useRefreshMarket() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      refreshInventory(queryClient),
      queryClient.invalidateQueries({ queryKey: [listingsQueryPrefix] }),
      queryClient.invalidateQueries({ queryKey: [pricesQueryPrefix] }),
    ]);
}

/** POST /api/marketplace/create {itemType, itemId, price}: the item moves into escrow. */
export function useCreateListing() {
  const api = useApi();
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (body: CreateListingBody) =>
      api.post(marketPaths.create, body, CreateListingResult, { idempotencyKey: newIdempotencyKey() }),
    onSettled: refresh,
  });
}

/** POST /api/marketplace/buy {listingId}: Telnet and the item move in one transaction on the server. */
export function useBuyListing() {
  const api = useApi();
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (listingId: number) =>
      api.post(marketPaths.buy, { listingId }, BuyListingResult, { idempotencyKey: newIdempotencyKey() }),
    onSettled: refresh,
  });
}

/** POST /api/marketplace/remove {listingId}: the item comes back to the seller. */
export function useRemoveListing() {
  const api = useApi();
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (listingId: number) =>
      api.post(marketPaths.remove, { listingId }, RemoveListingResult, { idempotencyKey: newIdempotencyKey() }),
    onSettled: refresh,
  });
}
