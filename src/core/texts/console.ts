/**
 * The moderator console's texts. Imported only by the console's chunk and the server, never gathered into
 * `texts`, so none of it ships in a player's bundle.
 */
export const consoleTexts = {
  title: 'CONSOLE',
  tabs: { reports: 'REPORTS', players: 'PLAYERS', audit: 'AUDIT' },
  noRole: 'Only moderators open the console.',
  cannotActOn: 'A moderator cannot act on an operator of the same or a higher role, nor on themselves.',
  onlyAdminsSetRoles: 'Only an admin sets roles.',
  noSuchPlayer: 'No such player.',
  roleSet: (username: string, role: string) => `${username} is now ${role}.`,
  audit: {
    empty: 'No operator action recorded yet.',
    more: 'OLDER',
    columns: { at: 'WHEN', actor: 'WHO', action: 'ACTION', target: 'TARGET', reason: 'REASON' },
  },
} as const;
