import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Writes what the server pushed into a cached query. A fetch of that query already in flight read the
 * server before the change the push reports, and would land after it and overwrite it (a grant pushed
 * while the reconnect's refetch of the player is on its way would leave the old balance on screen until
 * the next push). So that fetch is replaced by a fresh one, whose answer is at least as new as the push.
 */
export function setFromPush<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  updater: Updater<T | undefined, T | undefined>,
): void {
  const fetchedBefore = queryClient.isFetching({ queryKey, exact: true }) > 0;
  queryClient.setQueryData<T>(queryKey, updater);
  if (fetchedBefore) void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true });
}
