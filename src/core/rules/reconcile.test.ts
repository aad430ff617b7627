import { describe, expect, it } from 'vitest';
import { shouldTakeServerState } from './reconcile';

describe('stats-refresh rule (spec §4)', () => {
  const local = { level: 3, currentExp: 100, totalTaps: 50 };
  it.each([
    ['the same state', { level: 3, currentExp: 100, totalTaps: 50 }, false],
    ['exp within 50', { level: 3, currentExp: 150, totalTaps: 50 }, false],
    ['exp off by 51', { level: 3, currentExp: 151, totalTaps: 50 }, true],
    ['taps within 10', { level: 3, currentExp: 100, totalTaps: 60 }, false],
    ['taps off by 11', { level: 3, currentExp: 100, totalTaps: 39 }, true],
    ['another level', { level: 4, currentExp: 100, totalTaps: 50 }, true],
  ])('%s → server wins: %s', (_name, server, wins) => {
    expect(shouldTakeServerState(local, server)).toBe(wins);
  });
});
