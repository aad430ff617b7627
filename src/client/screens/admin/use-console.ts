import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AuditPage, ConsoleMe, consolePaths, type AuditAction } from '../../../core/api/admin';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/api-error';

/** The signed-in operator; a 404 means this account has no console (a player), and is not retried. */
export function useConsoleMe() {
  const api = useApi();
  return useQuery({
    queryKey: [consolePaths.me],
    queryFn: ({ signal }) => api.request(consolePaths.me, { schema: ConsoleMe, signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });
}

/** The audit log, newest first, a page at a time; `action` narrows it to one kind of action. */
export function useAuditLog(action: AuditAction | null) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [consolePaths.audit, action],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (pageParam !== null) query.set('before', String(pageParam));
      if (action) query.set('action', action);
      const suffix = query.size ? `?${query}` : '';
      return api.request(`${consolePaths.audit}${suffix}`, { schema: AuditPage, signal });
    },
    getNextPageParam: (last) => last.nextBefore,
  });
}
