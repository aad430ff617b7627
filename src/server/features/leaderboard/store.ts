import { desc, asc } from 'drizzle-orm';
import type { LeaderboardSort } from '../../../core/api/leaderboard';
import type { Executor } from '../../db/connect';
import { users } from '../../db/schema';

/** Top players in one of the two orders; each walks its own index (users_by_level, users_by_total_taps). */
export async function topPlayers(tx: Executor, sortBy: LeaderboardSort, limit: number) {
  const order =
    sortBy === 'level'
      ? [desc(users.level), desc(users.currentExp), asc(users.id)]
      : [desc(users.totalTaps), asc(users.id)];
  return tx
    .select({ id: users.id, username: users.username, level: users.level, currentExp: users.currentExp, totalTaps: users.totalTaps })
    .from(users)
    .orderBy(...order)
    .limit(limit);
}
