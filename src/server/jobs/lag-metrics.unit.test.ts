import { describe, expect, it } from 'vitest';
import { createLagMetrics } from './lag-metrics';

describe('lag metrics', () => {
  it('counts outcomes and summarises lag over the window', () => {
    const metrics = createLagMetrics(100);
    for (let lag = 1; lag <= 100; lag++) metrics.record('done', lag);
    metrics.record('retry', 0);
    metrics.record('dead', 0);
    const snapshot = metrics.snapshot();
    expect(snapshot).toMatchObject({ ran: 100, retried: 1, dead: 1 });
    // The window holds the latest 100 lags: 3..100 and two zeros.
    expect(snapshot.lagMs).toEqual({ count: 102, p50: 50, p99: 99, max: 100 });
  });

  it('forgets lags older than the window, so one old spike does not stay the max', () => {
    const metrics = createLagMetrics(4);
    metrics.record('done', 60_000);
    for (let i = 0; i < 4; i++) metrics.record('done', 10);
    expect(metrics.snapshot().lagMs).toEqual({ count: 5, p50: 10, p99: 10, max: 10 });
  });

  it('reports zeros before anything ran', () => {
    expect(createLagMetrics().snapshot()).toEqual({
      ran: 0,
      retried: 0,
      dead: 0,
      lagMs: { count: 0, p50: 0, p99: 0, max: 0 },
    });
  });
});
