/** The leaderboard (spec §2); 'No players found' is the spec's and stays in texts. */
export const leaderboardTexts = {
  title: 'LEADERBOARD',
  tagline: 'the most dangerous operators on the grid',
  sortGroup: 'Sort players',
  byLevel: 'By Level',
  byDecodes: 'By Total Decodes',
  panel: (sortLabel: string) => `TOP OPERATORS // ${sortLabel.toUpperCase()}`,
  list: (sortLabel: string) => `Top players ${sortLabel.toLowerCase()}`,
  rank: 'RANK',
  operator: 'OPERATOR',
  level: 'LVL',
  decodes: 'DECODES',
  exp: 'EXP',
  you: 'You',
  medals: ['Rank 1, gold medal', 'Rank 2, silver medal', 'Rank 3, bronze medal'],
} as const;
