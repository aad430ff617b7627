import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  blockchainPaths,
  CurrentBossResponse,
  GuessResult,
  LastDefeatedResponse,
  type SubmitCodeBody,
} from '../../../core/api/blockchain';
import { infra } from '../../../core/infra';
import { newIdempotencyKey } from '../../lib/api';
import { useApi } from '../../lib/api-context';
import { usePollInterval } from '../../lib/socket/socket-provider';

export const bossQueryKey = [blockchainPaths.current] as const;
export const lastDefeatedQueryKey = [blockchainPaths.lastDefeated] as const;

/** GET current (spec §7): pushed by blockchain.* events; polled every 5 s only while the socket is down. */
export function useCurrentBoss() {
  const api = useApi();
  return useQuery({
    queryKey: bossQueryKey,
    queryFn: ({ signal }) => api.request(blockchainPaths.current, { schema: CurrentBossResponse, signal }),
    refetchInterval: usePollInterval(infra.bossPollMs),
  });
}

/** GET last-defeated (spec §7): enabled only without a current boss. */
export function useLastDefeated(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: lastDefeatedQueryKey,
    queryFn: ({ signal }) => api.request(blockchainPaths.lastDefeated, { schema: LastDefeatedResponse, signal }),
    enabled,
    refetchInterval: usePollInterval(infra.bossPollMs),
  });
}

/** POST submit-code {bossId, guess}; one Idempotency-Key per guess, so a retried request is one guess. */
export function useSubmitGuess() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: SubmitCodeBody) =>
      api.post(blockchainPaths.submit, body, GuessResult, { idempotencyKey: newIdempotencyKey() }),
  });
}

/** spec §4: the user and the boss are refetched 300 ms after a guess. */
export function useRefetchAfterGuess(refetchUser: () => void) {
  const queryClient = useQueryClient();
  return () =>
    window.setTimeout(() => {
      refetchUser();
      void queryClient.invalidateQueries({ queryKey: bossQueryKey });
    }, infra.guessRefetchDelayMs);
}
