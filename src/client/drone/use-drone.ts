import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DroneBuyResponse, DroneStatus, dronePaths } from '../../core/api/drone';
import { optimizerPaths } from '../../core/api/optimizer';
import { infra } from '../../core/infra';
import { newIdempotencyKey } from '../lib/api';
import { useApi } from '../lib/api-context';
import { usePollInterval } from '../lib/socket/socket-provider';
import { userQueryKey } from '../session/session-context';

export const droneStatusKey = [dronePaths.status] as const;

/** spec §7 drone status: once at start, then every 15 s while the socket is down (drone.* events otherwise). */
export function useDroneStatus() {
  const api = useApi();
  return useQuery({
    queryKey: droneStatusKey,
    queryFn: async ({ signal }) => ({
      status: await api.request(dronePaths.status, { schema: DroneStatus, signal }),
      receivedAt: Date.now(),
    }),
    refetchInterval: usePollInterval(infra.marketPollMs),
  });
}

/** Buys a drone run through the secure path /api/game/telnet-conversion. */
export function useBuyDrone() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (telnet: number) =>
      api.post(dronePaths.buy, { telnet }, DroneBuyResponse, { idempotencyKey: newIdempotencyKey() }),
    // The Optimizer screen shows the drone beside the optimizer: both refetch, as does the player's Telnet.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [optimizerPaths.status] }),
        queryClient.invalidateQueries({ queryKey: droneStatusKey }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]),
  });
}
