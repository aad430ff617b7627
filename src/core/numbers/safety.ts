/** Ignore and Report (ADR 056). Part of `balance` (src/core/balance.ts): import `balance`, not this file. */
export const safetyNumbers = {
  /** Players one player may ignore: the list is sent whole to every tab, and the history filters read it whole. */
  ignoreListMax: 500,
  /** Longest note on a report (characters). */
  reportNoteMax: 500,
  /** Reports one player may send per window, on the shared counters: a flood is refused, not queued. */
  reportsPerWindow: 10,
  reportWindowMs: 60_000,
  /** Targets one page of the console's REPORTS tab shows (ADR 062): a moderator works from the top. */
  reportQueuePageSize: 25,
  /** Reporters listed per target in the queue (the count is always whole). */
  reportQueueReportersMax: 20,
} as const;
