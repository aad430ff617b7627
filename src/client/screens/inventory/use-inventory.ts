import { newIdempotencyKey } from '../../lib/api';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { infra } from '../../../core/infra';
import {
  ActionResult,
  BulkDestroyResult,
  GearList,
  inventoryPaths,
  TelnetCoreList,
  UseCoreResult,
  type ItemRef,
} from '../../../core/api/inventory';
import { useApi } from '../../lib/api-context';
import { usePollInterval } from '../../lib/socket/socket-provider';
import { userQueryKey } from '../../session/session-context';
import { myListingsQueryPrefix } from '../data-exchange/market-events';

export const gearQueryKey = [inventoryPaths.gear] as const;
export const coresQueryKey = [inventoryPaths.cores] as const;

/** The player's gear (spec §7 GET /api/gear); kept fresh by socket events, polled only while the socket is down. */
export function useGear() {
  const api = useApi();
  return useQuery({
    queryKey: gearQueryKey,
    queryFn: ({ signal }) => api.request(inventoryPaths.gear, { schema: GearList, signal }),
    refetchInterval: usePollInterval(infra.marketPollMs),
  });
}

/** The player's unopened Telnet Cores (spec §7 GET /api/telnet-cores). */
export function useCores() {
  const api = useApi();
  return useQuery({
    queryKey: coresQueryKey,
    queryFn: ({ signal }) => api.request(inventoryPaths.cores, { schema: TelnetCoreList, signal }),
    refetchInterval: usePollInterval(infra.marketPollMs),
  });
}

/** After any change to items: the lists, the stats (equipped gear changes them) and the player's listings. */
export function refreshInventory(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: gearQueryKey }),
    queryClient.invalidateQueries({ queryKey: coresQueryKey }),
    queryClient.invalidateQueries({ queryKey: userQueryKey }),
    queryClient.invalidateQueries({ queryKey: [myListingsQueryPrefix] }),
  ]);
}

/** POST /api/gear/equip {gearId, equip}. */
export function useEquipGear() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { gearId: number; equip: boolean }) => api.post(inventoryPaths.equip, body, ActionResult),
    onSettled: () => refreshInventory(queryClient),
  });
}

/** POST /api/gear/destroy {gearId}, one key per press. */
export function useDestroyGear() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gearId: number) =>
      api.post(inventoryPaths.destroyGear, { gearId }, ActionResult, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => refreshInventory(queryClient),
  });
}

/** POST /api/telnet-cores/destroy {telnetCoreId}. */
export function useDestroyCore() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (telnetCoreId: number) =>
      api.post(inventoryPaths.destroyCore, { telnetCoreId }, ActionResult, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => refreshInventory(queryClient),
  });
}

/** POST /api/inventory/destroy {items}: 'Destroy All' of multi-select. */
export function useBulkDestroy() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: ItemRef[]) =>
      api.post(inventoryPaths.bulkDestroy, { items }, BulkDestroyResult, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => refreshInventory(queryClient),
  });
}

/** POST /api/telnet-cores/{id}/use → {success, telnetRewarded}; the balance moves, so the user is refetched. */
export function useOpenCore() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coreId: number) =>
      api.post(inventoryPaths.useCore(coreId), {}, UseCoreResult, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => refreshInventory(queryClient),
  });
}
