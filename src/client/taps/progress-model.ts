import type { User } from '../../core/api/common';
import { applyDecodes } from '../../core/rules/exp';
import { shouldTakeServerState } from '../../core/rules/reconcile';

/** The fields the client predicts on each decode (spec §4); everything else comes from the server. */
export interface Progress {
  level: number;
  currentExp: number;
  maxExp: number;
  totalTaps: number;
}

export function progressOf(user: Pick<User, 'level' | 'currentExp' | 'maxExp' | 'totalTaps'>): Progress {
  return { level: user.level, currentExp: user.currentExp, maxExp: user.maxExp, totalTaps: user.totalTaps };
}

/** `decodes` more decodes on top of a state: experience with carry-over level-ups, and the tap count. */
export function addDecodes(progress: Progress, decodes: number): Progress & { levelsGained: number } {
  if (decodes <= 0) return { ...progress, levelsGained: 0 };
  const next = applyDecodes(progress, decodes);
  return {
    level: next.level,
    currentExp: next.currentExp,
    maxExp: next.maxExp,
    totalTaps: progress.totalTaps + decodes,
    levelsGained: next.levelsGained,
  };
}

/** The server's state moved forward by the decodes it has not acknowledged yet. */
export function projectServer(server: Progress, unacknowledgedDecodes: number): Progress {
  const projected = addDecodes(server, unacknowledgedDecodes);
  return {
    level: projected.level,
    currentExp: projected.currentExp,
    maxExp: projected.maxExp,
    totalTaps: projected.totalTaps,
  };
}

/**
 * Prediction meets truth (spec §4 stats-refresh rule). The server's state is first moved forward by
 * the decodes it has not acknowledged yet, so taps still queued do not count as a disagreement;
 * the prediction is replaced only when that differs by level, by more than 50 experience or by more
 * than 10 taps. Ties keep the prediction, so numbers do not jitter while batches are in flight.
 */
export function reconcile(
  shown: Progress,
  server: Progress,
  unacknowledgedDecodes: number,
): { progress: Progress; tookServer: boolean } {
  const expected = projectServer(server, unacknowledgedDecodes);
  if (shouldTakeServerState(shown, expected)) return { progress: expected, tookServer: true };
  return { progress: shown, tookServer: false };
}

/** The player as shown: the server's user with the predicted progress laid over it. */
export function shownUser<U extends Progress>(server: U, progress: Progress): U {
  return { ...server, ...progress };
}
