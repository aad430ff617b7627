import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { infra } from '../../core/infra';
import { afterCheck, verdictOfError } from './connection-model';
import type { ServerLink } from './use-server-link';
import { userQueryKey, type UserQuery } from './use-user-query';

const retryConfig = { baseMs: infra.sessionRetryBaseMs, maxMs: infra.sessionRetryMaxMs };

/**
 * What the session checks' answers do, spec §4 as ADR 061 reads it: a check the server refused (401)
 * silently clears all cached data and the user, then goes to '/'. A check it did not answer keeps the
 * player and the screen, shows RECONNECTING and asks again with backoff; the first answer brings the
 * screen back as it was.
 */
export function useSessionChecks({
  query,
  checking,
  link,
  hadUser,
  queryClient,
  signOutLocally,
}: {
  query: UserQuery;
  checking: boolean;
  link: ServerLink;
  /** Whether a player was known, so that a later "no one" is a sign-out rather than the first answer. */
  hadUser: { current: boolean };
  queryClient: QueryClient;
  signOutLocally: () => void;
}) {
  const { linkRef, goOnline, follow, retryAt } = link;
  // errorUpdateCount: every failed check, not only the first, schedules the next retry.
  useEffect(() => {
    if (!query.isError || !checking) return;
    const step = afterCheck(
      linkRef.current,
      { kind: 'failed', verdict: verdictOfError(query.error) },
      Math.random,
      retryConfig,
    );
    if (step.signOut) {
      signOutLocally();
      return;
    }
    follow(step);
  }, [query.isError, query.error, query.errorUpdateCount, checking, signOutLocally, linkRef, follow]);

  useEffect(() => {
    if (query.data) {
      hadUser.current = true;
      if (linkRef.current.kind === 'reconnecting') {
        goOnline();
        // What failed while the server was away is asked again; what the screen shows stays meanwhile.
        void queryClient.invalidateQueries({
          predicate: (q) => q.state.status === 'error' && q.queryKey[0] !== userQueryKey[0],
        });
      }
    } else if (query.data === null && hadUser.current) {
      signOutLocally();
    }
  }, [query.data, query.dataUpdatedAt, queryClient, signOutLocally, hadUser, linkRef, goOnline]);

  const refetch = query.refetch;
  useEffect(() => {
    if (!retryAt) return;
    const timer = window.setTimeout(() => void refetch(), retryAt.inMs);
    return () => window.clearTimeout(timer);
  }, [retryAt, refetch]);
}
