import { balance } from '../balance';

export interface ProgressView {
  level: number;
  currentExp: number;
  totalTaps: number;
}

/**
 * Spec §4 stats-refresh rule: the client keeps its prediction unless the server's state differs by
 * level, by more than 50 experience or by more than 10 taps; then the server wins.
 */
export function shouldTakeServerState(local: ProgressView, server: ProgressView): boolean {
  return (
    local.level !== server.level ||
    Math.abs(local.currentExp - server.currentExp) > balance.reconcileExpTolerance ||
    Math.abs(local.totalTaps - server.totalTaps) > balance.reconcileTapsTolerance
  );
}
