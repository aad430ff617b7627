import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api';

const ApiContext = createContext<ApiClient | null>(null);

/** Hands the app's one ApiClient to hooks, so no leaf imports a module-level instance. */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs an <ApiProvider>');
  return client;
}
