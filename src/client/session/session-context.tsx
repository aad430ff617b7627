import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '../../core/api/common';
import { useApi } from '../lib/api-context';
import { useToast } from '../ui/toast';
import { wasSignedIn, type SessionStart } from './session-start';
import { useServerLink } from './use-server-link';
import { useSessionActions } from './use-session-actions';
import { useSessionChecks } from './use-session-checks';
import { userQueryKey, useUserQuery } from './use-user-query';

export { userQueryKey } from './use-user-query';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** The link to the server (ADR 061): 'reconnecting' while session checks get no answer; the player stays signed in. */
export type ConnectionStatus = 'online' | 'reconnecting';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** Whether the server answers; while it does not, the screen stays and RECONNECTING shows over it. */
  connection: ConnectionStatus;
  /** Asks the server again now instead of after the current backoff wait (the browser is back online). */
  retryNow(): void;
  /** A successful login or registration (spec §4): the player and the new session's CSRF token. */
  signIn(start: SessionStart): void;
  /**
   * Logs out (spec §4): runs `beforeLogout` (flush pending taps and progress), calls the server,
   * then clears all cached data and signs out locally whatever the server said. A second call while
   * one is pending is ignored.
   */
  logout(beforeLogout?: () => Promise<void>): Promise<void>;
  /** The server has ended the session already (the account was deleted): clear everything and go to '/'. */
  endedByServer(): void;
  /** Fetches the player's stats again; resolves true when the server answered with them. */
  refetchUser(): Promise<boolean>;
  /**
   * The tab's socket is up (true) or not (false). While it is up the session check rides on it (the
   * server pushes session.ended) and no HTTP check runs; when it drops, one check runs at once and the
   * 5 s interval returns.
   */
  socketUp(up: boolean, checkIfDropped?: boolean): void;
  /** The game was loaded by a sign-in on the login screen (not a page load): its first screen takes focus. */
  signedInAtStart: boolean;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Holds who is signed in: the player the boot found (seeded into the query cache by app.tsx, or
 * asked for on mount), a 5 s session check, login and logout.
 */
export function SessionProvider({
  children,
  signedInAtStart = false,
}: {
  children: ReactNode;
  signedInAtStart?: boolean;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  // Off after a logout, so a refetch cannot sign a locally signed-out player back in.
  const [checking, setChecking] = useState(true);
  const [liveSocket, setLiveSocket] = useState(false);
  const link = useServerLink();
  const { linkRef, goOnline } = link;
  const query = useUserQuery(api, { checking, liveSocket, reconnecting: link.reconnecting });
  const hadUser = useRef(false);

  const signOutLocally = useCallback(() => {
    hadUser.current = false;
    setChecking(false);
    // A signed-out tab waits for nothing: no retry may ask for the player again.
    goOnline();
    api.dropToken();
    wasSignedIn.set(false);
    void queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setQueryData(userQueryKey, null);
    void navigate('/');
  }, [api, navigate, queryClient, goOnline]);

  useSessionChecks({ query, checking, link, hadUser, queryClient, signOutLocally });
  const startChecking = useCallback(() => setChecking(true), []);
  const { signIn, logout } = useSessionActions({ api, queryClient, toast, startChecking, signOutLocally });

  const user = checking ? (query.data ?? null) : null;
  const status: SessionStatus = user ? 'signed-in' : checking && query.isPending ? 'loading' : 'signed-out';
  const connection: ConnectionStatus = user && link.reconnecting ? 'reconnecting' : 'online';
  const refetch = query.refetch;
  const retryNow = useCallback(() => {
    if (linkRef.current.kind === 'reconnecting') void refetch();
  }, [refetch, linkRef]);
  const socketUp = useCallback(
    (up: boolean, checkIfDropped = true) =>
      setLiveSocket((was) => {
        // A socket that died is a reason to verify the session now (it may have ended, or the server gone);
        // a socket that came back while the server was away means it answers again: check at once.
        if (was && !up && checkIfDropped) void refetch();
        if (!was && up && linkRef.current.kind === 'reconnecting') void refetch();
        return up;
      }),
    [refetch, linkRef],
  );
  const value = useMemo<Session>(
    () => ({
      status,
      user,
      connection,
      retryNow,
      signIn,
      logout,
      // The server has ended the session already: the same local sign-out as a refused check.
      endedByServer: signOutLocally,
      refetchUser: () => refetch().then((r) => !r.isError),
      socketUp,
      signedInAtStart,
    }),
    [status, user, connection, retryNow, signIn, logout, signOutLocally, refetch, socketUp, signedInAtStart],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider>');
  return session;
}
