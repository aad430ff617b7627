import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createApiClient } from './lib/api';
import { ApiProvider } from './lib/api-context';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';
import { SessionProvider } from './session/session-context';
import { ErrorBoundary } from './ui/error-boundary';
import { ToastProvider } from './ui/toast';

/** Providers, outermost first: a fault screen, the API client, the query cache, toasts, the router, the session. */
export function App() {
  const [api] = useState(() => createApiClient({ fetch: window.fetch.bind(window) }));
  const [queryClient] = useState(() => createQueryClient(api));
  return (
    <ErrorBoundary>
      <ApiProvider client={api}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <BrowserRouter>
              <SessionProvider>
                <AppRoutes />
              </SessionProvider>
            </BrowserRouter>
          </ToastProvider>
        </QueryClientProvider>
      </ApiProvider>
    </ErrorBoundary>
  );
}
