import './lib/zod-without-eval';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { User } from '../core/api/common';
import { createApiClient } from './lib/api';
import { ApiProvider } from './lib/api-context';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';
import { SessionProvider, userQueryKey } from './session/session-context';
import type { SessionStart } from './session/session-start';
import { ErrorBoundary } from './ui/error-boundary';
import { ToastProvider } from './ui/toast';

/**
 * The game, loaded by the boot (boot.tsx) once a player is signed in (ADR 040). Providers,
 * outermost first: a fault screen, the API client, the query cache, toasts, the router, the session.
 * The player the boot found is checked against the API contract and seeded into the query cache;
 * the CSRF token a login answered with goes straight to the API client.
 */
export function App({ start }: { start: SessionStart }) {
  const [api] = useState(() => createApiClient({ fetch: window.fetch.bind(window), csrfToken: start.csrfToken }));
  const [queryClient] = useState(() => {
    const client = createQueryClient(api);
    const user = User.safeParse(start.user);
    // A player that does not match the contract is asked for again by the session.
    if (user.success) client.setQueryData(userQueryKey, user.data);
    return client;
  });
  return (
    <ErrorBoundary>
      <ApiProvider client={api}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <BrowserRouter>
              <SessionProvider signedInAtStart={start.signedInNow}>
                <AppRoutes />
              </SessionProvider>
            </BrowserRouter>
          </ToastProvider>
        </QueryClientProvider>
      </ApiProvider>
    </ErrorBoundary>
  );
}
