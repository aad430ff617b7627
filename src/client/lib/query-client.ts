import { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api';

/**
 * spec §7: a read uses the query key joined by '/' as its path; no automatic refetch interval,
 * no refetch on window focus, staleness 0, no retries.
 */
export function createQueryClient(api: ApiClient): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => api.request(queryKey.map(String).join('/'), { signal }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: 0,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
