import { balance } from '../balance';

// Machine-like decoding (ADR 052): the server watches when each player's batches arrive and tells
// moderators about timing no human produces. It only flags: earnings never depend on it.

/**
 * A player's running decode timing, small and bounded: the current run of play (batches no more
 * than decodeRunBreakMs apart) and running statistics (Welford) of the current window's intervals.
 */
export interface DecodeTimingState {
  /** Server time of the previous counted batch; 0 before the first. */
  lastBatchAtMs: number;
  runStartedAtMs: number;
  /** Decodes of the run's batches after its first (the ones that have an interval). */
  runDecodes: number;
  windowBatches: number;
  windowMeanMs: number;
  windowM2: number;
}

export const emptyDecodeTiming: DecodeTimingState = {
  lastBatchAtMs: 0,
  runStartedAtMs: 0,
  runDecodes: 0,
  windowBatches: 0,
  windowMeanMs: 0,
  windowM2: 0,
};

/** Why a player's decoding looks scripted, with the figures a moderator reads. */
export type MachineLikeSignal =
  | { kind: 'steady-intervals'; intervalCv: number; meanIntervalMs: number; batches: number }
  | { kind: 'held-at-ceiling'; decodesPerSecond: number; runMinutes: number };

/**
 * Observes one counted batch of `decodes` decodes at server time `atMs`. Each batch's interval per
 * decode joins the window; a full window whose coefficient of variation is below the threshold is
 * a signal, and so is an hour of one run held near the tap-rate ceiling. A window or an hour is
 * judged once and then starts again, so a signal comes at most once per window or hour.
 */
export function observeDecodeBatch(
  state: DecodeTimingState,
  atMs: number,
  decodes: number,
): { state: DecodeTimingState; signal: MachineLikeSignal | null } {
  const gapMs = atMs - state.lastBatchAtMs;
  if (state.lastBatchAtMs === 0 || gapMs < 0 || gapMs > balance.decodeRunBreakMs) {
    return { state: { ...emptyDecodeTiming, lastBatchAtMs: atMs, runStartedAtMs: atMs }, signal: null };
  }
  const next = addInterval(
    { ...state, lastBatchAtMs: atMs, runDecodes: state.runDecodes + decodes },
    gapMs / Math.max(1, decodes),
  );
  let signal: MachineLikeSignal | null = null;
  if (next.windowBatches >= balance.decodeTimingWindowBatches) {
    signal = judgeWindow(next);
    Object.assign(next, { windowBatches: 0, windowMeanMs: 0, windowM2: 0 });
  }
  const runMs = atMs - next.runStartedAtMs;
  if (runMs >= balance.machineLikeCeilingRunMs) {
    const decodesPerSecond = next.runDecodes / (runMs / 1000);
    if (decodesPerSecond >= balance.machineLikeCeilingShare * balance.tapRefillPerSecond) {
      signal ??= {
        kind: 'held-at-ceiling',
        decodesPerSecond: round2(decodesPerSecond),
        runMinutes: Math.round(runMs / 60_000),
      };
    }
    Object.assign(next, { runStartedAtMs: atMs, runDecodes: 0 });
  }
  return { state: next, signal };
}

/** Welford's running mean and sum of squares: constant space, however long the window. */
function addInterval(state: DecodeTimingState, intervalMs: number): DecodeTimingState {
  const windowBatches = state.windowBatches + 1;
  const delta = intervalMs - state.windowMeanMs;
  const windowMeanMs = state.windowMeanMs + delta / windowBatches;
  const windowM2 = state.windowM2 + delta * (intervalMs - windowMeanMs);
  return { ...state, windowBatches, windowMeanMs, windowM2 };
}

function judgeWindow(state: DecodeTimingState): MachineLikeSignal | null {
  // A window of batches that all arrived at one instant says nothing about a rhythm.
  if (state.windowMeanMs <= 0) return null;
  const intervalCv = Math.sqrt(state.windowM2 / state.windowBatches) / state.windowMeanMs;
  if (intervalCv >= balance.machineLikeIntervalCv) return null;
  return {
    kind: 'steady-intervals',
    intervalCv: round2(intervalCv),
    meanIntervalMs: Math.round(state.windowMeanMs),
    batches: state.windowBatches,
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Reads a stored timing state; anything missing or malformed starts afresh. */
export function parseDecodeTiming(value: unknown): DecodeTimingState {
  if (typeof value !== 'object' || value === null) return emptyDecodeTiming;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(emptyDecodeTiming) as Array<keyof DecodeTimingState>;
  if (!keys.every((k) => typeof record[k] === 'number' && Number.isFinite(record[k]))) return emptyDecodeTiming;
  return Object.fromEntries(keys.map((k) => [k, record[k]])) as unknown as DecodeTimingState;
}

/** A moderator's one-line summary of a signal. */
export function describeMachineLikeSignal(signal: MachineLikeSignal): string {
  return signal.kind === 'steady-intervals'
    ? `steady intervals: CV ${signal.intervalCv} over ${signal.batches} batches, ${signal.meanIntervalMs} ms per decode`
    : `held at the ceiling: ${signal.decodesPerSecond} decodes/s for ${signal.runMinutes} min without a pause`;
}
