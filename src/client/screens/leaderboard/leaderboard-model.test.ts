import { describe, expect, it } from 'vitest';
import { leaderboardPath, rankMark } from './leaderboard-model';
import { texts } from '../../../core/texts';

describe('leaderboard model', () => {
  it('shows medals with text alternatives for ranks 1-3 and #n after', () => {
    expect(rankMark(0)).toEqual({ kind: 'medal', medal: 'gold', emoji: '🥇', label: texts.leaderboard.medals[0] });
    expect(rankMark(1)).toMatchObject({ kind: 'medal', emoji: '🥈' });
    expect(rankMark(2)).toMatchObject({ kind: 'medal', emoji: '🥉' });
    expect(rankMark(3)).toEqual({ kind: 'number', text: '#4' });
    expect(rankMark(29)).toEqual({ kind: 'number', text: '#30' });
  });

  it('asks for the top players by the chosen sort (spec §7)', () => {
    expect(leaderboardPath('level', 30)).toBe('/api/leaderboard?sortBy=level&limit=30');
    expect(leaderboardPath('totalTaps', 30)).toBe('/api/leaderboard?sortBy=totalTaps&limit=30');
  });
});
