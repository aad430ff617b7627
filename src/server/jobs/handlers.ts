import type { JobHandlers, JobPayloads } from './kinds';

/** What the app's handlers may use; features add their services here as their jobs arrive. */
export type JobHandlerDeps = Record<string, never>;

/**
 * The app's handler for each kind in JobPayloads. Empty until the first timed feature (issues
 * 7, 8, 11) adds its kind; `satisfies` makes a kind without a handler a compile error.
 */
export function createJobHandlers(_deps: JobHandlerDeps) {
  return {} satisfies JobHandlers<JobPayloads>;
}
