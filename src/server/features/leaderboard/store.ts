import { asc, desc, eq } from 'drizzle-orm';
import type { LeaderboardSort } from '../../../core/api/leaderboard';
import type { Executor } from '../../db/connect';
import { users } from '../../db/schema';

/** Top players who are not banned, in one of the two orders; each walks its own index. */
export async function topPlayers(tx: Executor, sortBy: LeaderboardSort, limit: number) {
  const order =
    sortBy === 'level'
      ? [desc(users.level), desc(users.currentExp), asc(users.id)]
      : [desc(users.totalTaps), asc(users.id)];
  return tx
    .select({
      id: users.id,
      username: users.username,
      level: users.level,
      currentExp: users.currentExp,
      totalTaps: users.totalTaps,
    })
    .from(users)
    .where(eq(users.banned, false))
    .orderBy(...order)
    .limit(limit);
}
