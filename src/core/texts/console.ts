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
  noSuchMessage: 'No such chat line: it may have been removed already.',
  regionTooLarge: (max: number) => `A region holds at most ${max} bits; clear a bigger one in parts.`,
  regionInverted: 'The region runs from its top-left corner (x0, y0) to its bottom-right corner (x1, y1).',
  noSuchReference: 'No ledger row carries that reference.',
  alreadyReversed: 'That reference has been reversed already.',
  notReversible: 'Only a hack, a market sale, a drone run or a purchase is reversed here.',
  roleSet: (username: string, role: string) => `${username} is now ${role}.`,
  audit: {
    empty: 'No operator action recorded yet.',
    more: 'OLDER',
    columns: { at: 'WHEN', actor: 'WHO', action: 'ACTION', target: 'TARGET', reason: 'REASON' },
  },
} as const;
