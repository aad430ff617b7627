import { useQuery } from '@tanstack/react-query';
import { CurrentSeason, seasonPaths, SeasonsPage } from '../../../core/api/kernel';
import { useApi } from '../../lib/api-context';

/** GET /api/kernel/season: refetched when a season changes (kernel.seasonChanged invalidates /api/kernel). */
export function useCurrentSeason() {
  const api = useApi();
  return useQuery({
    queryKey: [seasonPaths.current],
    queryFn: ({ signal }) => api.request(seasonPaths.current, { schema: CurrentSeason, signal }),
  });
}

/** One page of the archive, newest season first. */
export function useSeasons(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [seasonPaths.list, page],
    queryFn: ({ signal }) => api.request(`${seasonPaths.list}?page=${page}`, { schema: SeasonsPage, signal }),
  });
}
