import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OptimizerCollectResponse,
  OptimizerStartResponse,
  OptimizerStatus,
  optimizerPaths,
} from '../../../core/api/optimizer';
import { newIdempotencyKey } from '../../lib/api';
import { useApi } from '../../lib/api-context';
import { usePollInterval } from '../../lib/socket/socket-provider';
import { userQueryKey } from '../../session/session-context';
import { droneStatusKey } from '../../drone/use-drone';

export const optimizerStatusKey = [optimizerPaths.status] as const;

/** The status with the tab's clock when it arrived, so the countdown can run on the server's time. */
export function useOptimizerStatus() {
  const api = useApi();
  return useQuery({
    queryKey: optimizerStatusKey,
    queryFn: async ({ signal }) => ({
      status: await api.request(optimizerPaths.status, { schema: OptimizerStatus, signal }),
      receivedAt: Date.now(),
    }),
    // spec §9: 5 s on its screen — only while the socket is down; optimizer.ready refreshes it otherwise.
    refetchInterval: usePollInterval(5000),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: optimizerStatusKey }),
      queryClient.invalidateQueries({ queryKey: droneStatusKey }),
      queryClient.invalidateQueries({ queryKey: userQueryKey }),
    ]);
}

/** Starts an upgrade through the secure path /api/optimizer/upgrade, one Idempotency-Key per click. */
export function useStartUpgrade() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      api.post(optimizerPaths.upgrade, {}, OptimizerStartResponse, { idempotencyKey: newIdempotencyKey() }),
    onSettled: refresh,
  });
}

export function useCollect() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post(optimizerPaths.collect, undefined, OptimizerCollectResponse),
    onSettled: refresh,
  });
}
