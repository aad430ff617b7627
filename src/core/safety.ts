/** Why a player reports something (a report's reason): one closed list the dialog and the console share. */
export const reportReasons = ['spam', 'harassment', 'hate', 'cheating', 'offensive-name', 'griefing', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** What a report points at: a chat line, a private message, a username or a Kernel region. */
export const reportTargetKinds = ['chat', 'ping', 'user', 'region'] as const;
export type ReportTargetKind = (typeof reportTargetKinds)[number];

/** Where a report stands: open until a moderator resolves every open report of its target at once. */
export const reportStatuses = ['open', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** What a moderator did about a reported target (recorded when its reports are resolved). */
export const reportActions = [
  'dismissed',
  'warned',
  'muted',
  'banned',
  'renamed',
  'removed',
  'cleared',
  'reversed',
] as const;
export type ReportAction = (typeof reportActions)[number];
