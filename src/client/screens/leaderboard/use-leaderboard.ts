import { useQuery } from '@tanstack/react-query';
import { balance } from '../../../core/balance';
import { LeaderboardResponse, type LeaderboardSort } from '../../../core/api/leaderboard';
import { useApi } from '../../lib/api-context';
import { leaderboardPath } from './leaderboard-model';

/** The top players for a sort. */
export function useLeaderboard(sort: LeaderboardSort) {
  const api = useApi();
  // The key is the call's path (spec §7: a read's key is its path); the schema checks the answer.
  const path = leaderboardPath(sort, balance.leaderboardLimit);
  return useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => api.request(path, { schema: LeaderboardResponse, signal }),
  });
}
