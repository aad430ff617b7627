import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { User } from '../../core/api/common';
import { texts } from '../../core/texts';
import type { ApiClient } from '../lib/api';
import type { ToastApi } from '../ui/toast';
import { wasSignedIn, type SessionStart } from './session-start';
import { userQueryKey } from './use-user-query';

/** Signing in and out as the player asks (spec §4); `signOutLocally` is what every way out ends with. */
export function useSessionActions({
  api,
  queryClient,
  toast,
  startChecking,
  signOutLocally,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  toast: ToastApi;
  startChecking: () => void;
  signOutLocally: () => void;
}) {
  const logoutPending = useRef(false);

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
      startChecking();
    },
    [api, queryClient, toast, startChecking],
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
        signOutLocally();
        if (failed) toast.show({ title: texts.logoutFailed, tone: 'danger' });
      } finally {
        logoutPending.current = false;
      }
    },
    [api, signOutLocally, toast],
  );

  return { signIn, logout };
}
