import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consolePaths } from '../../../core/api/admin';
import {
  consoleActionPaths,
  LedgerPage,
  PlayerView,
  SearchResult,
  type LedgerQuery,
} from '../../../core/api/admin-actions';
import { newIdempotencyKey } from '../../lib/api';
import { useApi } from '../../lib/api-context';
import { actionAnswer, actionRequest, ledgerSearch, type ConsoleAction } from './players-model';

const playerPath = (userId: number) => consoleActionPaths.player.replace(':userId', String(userId));

/** Players matching what the moderator typed (nothing is asked for an empty box). */
export function usePlayerSearch(q: string) {
  const api = useApi();
  const trimmed = q.trim();
  return useQuery({
    queryKey: [consoleActionPaths.search, trimmed],
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.request(`${consoleActionPaths.search}?q=${encodeURIComponent(trimmed)}`, { schema: SearchResult, signal }),
  });
}

export function usePlayerView(userId: number) {
  const api = useApi();
  return useQuery({
    queryKey: [playerPath(userId)],
    queryFn: ({ signal }) => api.request(playerPath(userId), { schema: PlayerView, signal }),
  });
}

/** The player's ledger under a filter, newest first, a page at a time. */
export function usePlayerLedger(userId: number, filter: Omit<LedgerQuery, 'before'>) {
  const api = useApi();
  const path = consoleActionPaths.ledger.replace(':userId', String(userId));
  return useInfiniteQuery({
    queryKey: [path, filter],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      api.request(`${path}${ledgerSearch(filter, pageParam)}`, { schema: LedgerPage, signal }),
    getNextPageParam: (last) => last.nextBefore,
  });
}

/**
 * Sends a console action with its reason; on success the player view, their ledger, searches and the audit
 * log are read again. A reversal carries an idempotency key, as every request that moves value does.
 */
export function useConsoleAction(userId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason, minutes }: { action: ConsoleAction; reason: string; minutes: number | null }) => {
      const { path, body } = actionRequest(action, reason, minutes);
      return api.post(
        path,
        body,
        actionAnswer(action),
        action.kind === 'reverse' ? { idempotencyKey: newIdempotencyKey() } : undefined,
      );
    },
    onSuccess: async () => {
      const stale = [
        playerPath(userId),
        consoleActionPaths.ledger.replace(':userId', String(userId)),
        consoleActionPaths.search,
        consolePaths.audit,
      ];
      await Promise.all(stale.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
}
