import type { LeaderboardSort } from '../../../core/api/leaderboard';
import { texts } from '../../../core/texts';

export type Medal = 'gold' | 'silver' | 'bronze';

export type RankMark = { kind: 'medal'; medal: Medal; emoji: string; label: string } | { kind: 'number'; text: string };

const medals = [
  { medal: 'gold', emoji: '🥇', label: texts.leaderboard.medals[0] },
  { medal: 'silver', emoji: '🥈', label: texts.leaderboard.medals[1] },
  { medal: 'bronze', emoji: '🥉', label: texts.leaderboard.medals[2] },
] as const;

/** spec §2: ranks 1-3 are medals (with a text alternative), the rest '#n'. `index` counts from 0. */
export function rankMark(index: number): RankMark {
  const medal = medals[index];
  return medal ? { kind: 'medal', ...medal } : { kind: 'number', text: `#${index + 1}` };
}

export const sortOptions: readonly { sort: LeaderboardSort; label: string }[] = [
  { sort: 'level', label: texts.leaderboard.byLevel },
  { sort: 'totalTaps', label: texts.leaderboard.byDecodes },
];

/** The leaderboard call for a sort (spec §7), limited to the top 30 (spec §9). */
export function leaderboardPath(sort: LeaderboardSort, limit: number): string {
  const query = new URLSearchParams({ sortBy: sort, limit: String(limit) });
  return `/api/leaderboard?${query.toString()}`;
}
