import { describe, expect, it } from 'vitest';
import { paceJobs } from './pace';

const bounds = { concurrency: 4, claimSize: 100, yieldUntilLagMs: 10_000, busyLoopDelayMs: 20 };
const idle = { inFlight: 0, loopDelayMs: 1 };
const serving = { inFlight: 3, loopDelayMs: 1 };

describe('how wide the jobs runner works beside players', () => {
  it('works at full width when no request is in flight and the loop is on time', () => {
    expect(paceJobs(idle, 0, bounds)).toEqual({ sideBySide: 4, claimSize: 100 });
  });

  it('runs one batch of a quarter claim at a time while players are served and the runner keeps up', () => {
    expect(paceJobs(serving, 500, bounds)).toEqual({ sideBySide: 1, claimSize: 25 });
  });

  it('counts a late event loop as players waiting, even with no request in flight', () => {
    expect(paceJobs({ inFlight: 0, loopDelayMs: 20 }, 500, bounds)).toEqual({ sideBySide: 1, claimSize: 25 });
    expect(paceJobs({ inFlight: 0, loopDelayMs: 19 }, 500, bounds)).toEqual({ sideBySide: 4, claimSize: 100 });
  });

  it('widens as the lag grows, so falling behind is met with more work and not less', () => {
    const widths = [0, 2_500, 5_000, 7_500, 9_999].map((lag) => paceJobs(serving, lag, bounds));
    expect(widths.map((w) => w.sideBySide)).toEqual([1, 1, 2, 3, 4]);
    expect(widths.map((w) => w.claimSize)).toEqual([25, 25, 50, 75, 100]);
  });

  it('works at full width whatever the pressure once the lag reaches the bound', () => {
    expect(paceJobs({ inFlight: 500, loopDelayMs: 900 }, 10_000, bounds)).toEqual({ sideBySide: 4, claimSize: 100 });
  });

  it('never stops the runner or claims nothing, even with a claim of one (PGlite)', () => {
    const pglite = { ...bounds, concurrency: 1, claimSize: 1 };
    expect(paceJobs(serving, 0, pglite)).toEqual({ sideBySide: 1, claimSize: 1 });
    expect(paceJobs(serving, -50, bounds)).toEqual({ sideBySide: 1, claimSize: 25 });
  });
});
