import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { balance } from '../../core/balance';
import { User } from '../../core/api/common';
import { texts } from '../../core/texts';
import { useApi } from '../lib/api-context';
import { statusOf } from '../lib/api-error';
import { useToast } from '../ui/toast';
import { wasSignedIn, type SessionStart } from './session-start';

/** The query key of the signed-in player; its path is the auth user call (spec §7). */
export const userQueryKey = ['/api/auth/user'] as const;

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: User | null;
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
  refetchUser(): void;
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
export function SessionProvider({ children, signedInAtStart = false }: { children: ReactNode; signedInAtStart?: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  // Off after a logout, so a refetch cannot sign a locally signed-out player back in.
  const [checking, setChecking] = useState(true);
  const logoutPending = useRef(false);
  const [liveSocket, setLiveSocket] = useState(false);

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
    refetchInterval: (q) => (q.state.data && !liveSocket ? balance.sessionCheckMs : false),
    // The boot has just asked (or the login just answered): no second call on mount.
    refetchOnMount: false,
  });

  const signOutLocally = useCallback(() => {
    setChecking(false);
    api.dropToken();
    wasSignedIn.set(false);
    void queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setQueryData(userQueryKey, null);
    void navigate('/');
  }, [api, navigate, queryClient]);

  // spec §4: a failed or erroring check silently clears all cached data and the user, then goes to '/'.
  const hadUser = useRef(false);
  useEffect(() => {
    if (query.isError) {
      hadUser.current = false;
      signOutLocally();
    } else if (query.data) {
      hadUser.current = true;
    } else if (query.data === null && hadUser.current) {
      hadUser.current = false;
      signOutLocally();
    }
  }, [query.isError, query.data, signOutLocally]);

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
  const refetch = query.refetch;
  const socketUp = useCallback(
    (up: boolean, checkIfDropped = true) =>
      setLiveSocket((was) => {
        // A socket that died is treated as a failed check: verify the session now.
        if (was && !up && checkIfDropped) void refetch();
        return up;
      }),
    [refetch],
  );
  const value = useMemo<Session>(
    () => ({ status, user, signIn, logout, endedByServer, refetchUser: () => void refetch(), socketUp, signedInAtStart }),
    [status, user, signIn, logout, endedByServer, refetch, socketUp, signedInAtStart],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider>');
  return session;
}
