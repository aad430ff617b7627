import { z } from 'zod';
import { balance } from '../balance';
import { queryInt } from './common';

export const LeaderboardSort = z.enum(['level', 'totalTaps']);
export type LeaderboardSort = z.infer<typeof LeaderboardSort>;

/** spec §7: GET /api/leaderboard?sortBy={level|totalTaps}&limit=30. */
export const LeaderboardQuery = z.strictObject({
  sortBy: LeaderboardSort.default('level'),
  limit: queryInt(z.int().min(1).max(balance.leaderboardLimit)).default(balance.leaderboardLimit),
});

/** spec §3 Leaderboard entry. */
export const LeaderboardEntry = z.object({
  id: z.int(),
  username: z.string(),
  level: z.int(),
  currentExp: z.int(),
  maxExp: z.int(),
  totalTaps: z.int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
export const LeaderboardResponse = z.array(LeaderboardEntry);
