/**
 * Ignore and Report (ADR 056): the players' own safety tools. Our texts (the spec has none).
 * {x} marks a value: use fillText.
 */
export const safetyTexts = {
  // Actions beside another player's name, line or bit
  ignore: 'IGNORE',
  unignore: 'UNIGNORE',
  report: 'REPORT',
  ignoreLabel: 'Ignore {name}',
  reportLabel: 'Report {what}',
  actionsLabel: 'Actions for {name}',
  ignored: '{name} is ignored: their chat lines and Pings are hidden from you.',
  unignored: '{name} is no longer ignored.',
  undo: 'UNDO',

  // Server answers
  ignoreSelf: 'You cannot ignore yourself.',
  ignoreUserNotFound: 'No player with that username.',
  ignoreListFull: 'Your ignore list is full ({n} players). Unignore someone first.',
  reportThanks: 'Thanks — a moderator will look at it.',
  reportTargetNotFound: 'Nothing to report there: it does not exist or is not yours to report.',
  reportSelf: 'You cannot report yourself.',
  reportNoteTooLong: 'Note too long: {n} characters at most.',
  reportsTooFast: 'Too many reports: at most {n} a minute. Wait a moment, operator.',

  // The settings section
  ignoredTitle: 'IGNORED PLAYERS',
  ignoredHint: 'Their chat lines, Pings and intrusion alerts stay out of your way on every device.',
  ignoredEmpty: 'You ignore nobody.',
  ignoredSince: 'since {date}',
  ignoredLoadFailed: 'Could not load your ignore list.',

  // The report dialog
  reportTitle: 'REPORT',
  reportWhat: {
    chat: 'chat line by {name}',
    ping: 'private message from {name}',
    user: 'username {name}',
    region: 'Kernel bits at {ref}',
  },
  reasonLegend: 'REASON',
  reasons: {
    spam: 'Spam',
    harassment: 'Harassment',
    hate: 'Hate speech',
    cheating: 'Cheating',
    'offensive-name': 'Offensive name',
    griefing: 'Griefing',
    other: 'Other',
  },
  noteLabel: 'NOTE (optional)',
  send: 'SEND REPORT',
  sending: 'SENDING…',
  cancel: 'CANCEL',

  // Terminal: alerts from players one ignores come together (ADR 056)
  ignoredIntrusion: 'A player you ignore opened an intrusion. Their alerts are grouped: one per {n} minutes.',
  ignoredLogSummary: '{n} intrusions by players you ignore',
} as const;
