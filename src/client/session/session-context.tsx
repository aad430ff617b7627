import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { infra } from '../../core/infra';
import { User } from '../../core/api/common';
import { texts } from '../../core/texts';
import { useApi } from '../lib/api-context';
import { statusOf } from '../lib/api-error';
import { useToast } from '../ui/toast';
import { afterCheck, online, verdictOfError, type LinkState } from './connection-model';
import { wasSignedIn, type SessionStart } from './session-start';

/** The query key of the signed-in player; its path is the auth user call (spec §7). */
export const userQueryKey = ['/api/auth/user'] as const;

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

const retryConfig = { baseMs: infra.sessionRetryBaseMs, maxMs: infra.sessionRetryMaxMs };

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
  const logoutPending = useRef(false);
  const [liveSocket, setLiveSocket] = useState(false);
  const [link, setLink] = useState<LinkState>(online);
  const reconnecting = link.kind === 'reconnecting';
  const [retryAt, setRetryAt] = useState<{ inMs: number } | null>(null);

  const query = useQuery({
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

  const signOutLocally = useCallback(() => {
    setChecking(false);
    // A signed-out tab waits for nothing: no retry may ask for the player again.
    setLink(online);
    setRetryAt(null);
    api.dropToken();
    wasSignedIn.set(false);
    void queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setQueryData(userQueryKey, null);
    void navigate('/');
  }, [api, navigate, queryClient]);

  // spec §4 as ADR 061 reads it: a check the server refused (401) silently clears all cached data and
  // the user, then goes to '/'. A check it did not answer keeps the player and the screen, shows
  // RECONNECTING and asks again with backoff; the first answer brings the screen back as it was.
  const hadUser = useRef(false);
  const linkRef = useRef(link);
  linkRef.current = link;
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
      hadUser.current = false;
      signOutLocally();
      return;
    }
    setLink(step.link);
    setRetryAt(step.retryInMs === null ? null : { inMs: step.retryInMs });
  }, [query.isError, query.error, query.errorUpdateCount, checking, signOutLocally]);

  useEffect(() => {
    if (query.data) {
      hadUser.current = true;
      if (linkRef.current.kind === 'reconnecting') {
        setLink(online);
        setRetryAt(null);
        // What failed while the server was away is asked again; what the screen shows stays meanwhile.
        void queryClient.invalidateQueries({
          predicate: (q) => q.state.status === 'error' && q.queryKey[0] !== userQueryKey[0],
        });
      }
    } else if (query.data === null && hadUser.current) {
      hadUser.current = false;
      signOutLocally();
    }
  }, [query.data, query.dataUpdatedAt, queryClient, signOutLocally]);

  const refetch = query.refetch;
  useEffect(() => {
    if (!retryAt) return;
    const timer = window.setTimeout(() => void refetch(), retryAt.inMs);
    return () => window.clearTimeout(timer);
  }, [retryAt, refetch]);

  const signIn = useCallback(
    (start: SessionStart) => {
      const user = User.safeParse(start.user);
      if (!user.success) {
        toast.show({ title: texts.responseDecodingFailed, tone: 'danger' });
        return;
      }
      // A new session means a new CSRF token: the one its answer carried.
      api.setToken(start.csrfToken);
      wasSignedIn.set(true);
      queryClient.setQueryData(userQueryKey, user.data);
      setChecking(true);
    },
    [api, queryClient, toast],
  );

  const logout = useCallback(
    async (beforeLogout?: () => Promise<void>) => {
      if (logoutPending.current) return;
      logoutPending.current = true;
      try {
        await beforeLogout?.().catch(() => undefined);
        let failed = false;
        try {
          await api.post('/api/auth/logout');
        } catch {
          failed = true;
        }
        hadUser.current = false;
        signOutLocally();
        if (failed) toast.show({ title: texts.logoutFailed, tone: 'danger' });
      } finally {
        logoutPending.current = false;
      }
    },
    [api, signOutLocally, toast],
  );

  const endedByServer = useCallback(() => {
    hadUser.current = false;
    signOutLocally();
  }, [signOutLocally]);

  const user = checking ? (query.data ?? null) : null;
  const status: SessionStatus = user ? 'signed-in' : checking && query.isPending ? 'loading' : 'signed-out';
  const connection: ConnectionStatus = user && reconnecting ? 'reconnecting' : 'online';
  const retryNow = useCallback(() => {
    if (linkRef.current.kind === 'reconnecting') void refetch();
  }, [refetch]);
  const socketUp = useCallback(
    (up: boolean, checkIfDropped = true) =>
      setLiveSocket((was) => {
        // A socket that died is a reason to verify the session now (it may have ended, or the server gone);
        // a socket that came back while the server was away means it answers again: check at once.
        if (was && !up && checkIfDropped) void refetch();
        if (!was && up && linkRef.current.kind === 'reconnecting') void refetch();
        return up;
      }),
    [refetch],
  );
  const value = useMemo<Session>(
    () => ({
      status,
      user,
      connection,
      retryNow,
      signIn,
      logout,
      endedByServer,
      refetchUser: () => refetch().then((r) => !r.isError),
      socketUp,
      signedInAtStart,
    }),
    [status, user, connection, retryNow, signIn, logout, endedByServer, refetch, socketUp, signedInAtStart],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider>');
  return session;
}
