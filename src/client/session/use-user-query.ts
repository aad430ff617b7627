import { useQuery } from '@tanstack/react-query';
import { User } from '../../core/api/common';
import { infra } from '../../core/infra';
import type { ApiClient } from '../lib/api';
import { statusOf } from '../lib/api-error';

/** The query key of the signed-in player; its path is the auth user call (spec §7). */
export const userQueryKey = ['/api/auth/user'] as const;

/** The signed-in player (null when the server says no one is), checked again while `checking`. */
export function useUserQuery(
  api: ApiClient,
  { checking, liveSocket, reconnecting }: { checking: boolean; liveSocket: boolean; reconnecting: boolean },
) {
  return useQuery({
    queryKey: userQueryKey,
    enabled: checking,
    queryFn: async ({ signal }) => {
      try {
        return await api.request('/api/auth/user', { schema: User, signal });
      } catch (error) {
        if (statusOf(error) === 401) return null;
        throw error;
      }
    },
    // spec §4: once a user is known the session is re-verified every 5 s, by HTTP only while the
    // socket is down (while it is up, the server pushes session.ended instead).
    // While the server does not answer, the retry below takes over with its backoff.
    refetchInterval: (q) => (q.state.data && !liveSocket && !reconnecting ? infra.sessionCheckMs : false),
    // The boot has just asked (or the login just answered): no second call on mount.
    refetchOnMount: false,
  });
}

export type UserQuery = ReturnType<typeof useUserQuery>;
