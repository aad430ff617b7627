import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ActivityLog, ActivityUnseen, activityPaths } from '../../core/api/activity';
import { useApi } from '../lib/api-context';
import { useSession } from '../session/session-context';

export const activityKeys = { unseen: [activityPaths.unseen], log: [activityPaths.log] } as const;

/**
 * The header badge's count. Everything the log lists moves Telnet, so the player's balance changing
 * (pushed by user.updated) is when to ask again: no polling of its own.
 */
export function useActivityUnseen(): number {
  const api = useApi();
  const queryClient = useQueryClient();
  const telnet = useSession().user?.telnet;
  const query = useQuery({
    queryKey: activityKeys.unseen,
    queryFn: () => api.get(activityPaths.unseen, ActivityUnseen),
  });
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: activityKeys.unseen });
  }, [queryClient, telnet]);
  return query.data?.unseen ?? 0;
}

/** The log while its dialog is open; once read it is marked seen up to the newest entry shown, and the badge clears. */
export function useActivityLog() {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: activityKeys.log,
    queryFn: () => api.get(activityPaths.log, ActivityLog),
    staleTime: Infinity,
    gcTime: 0,
  });
  const newest = query.data?.entries[0]?.id;
  useEffect(() => {
    if (newest === undefined) return;
    api
      .post(activityPaths.seen, { upToId: newest })
      .then(() => queryClient.setQueryData(activityKeys.unseen, { unseen: 0 }))
      .catch((error: unknown) => console.warn('activity not marked seen', error));
  }, [api, queryClient, newest]);
  return query;
}
