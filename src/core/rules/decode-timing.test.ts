import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { seededRandom } from '../random';
import {
  emptyDecodeTiming,
  observeDecodeBatch,
  parseDecodeTiming,
  type DecodeTimingState,
  type MachineLikeSignal,
} from './decode-timing';

const start = 1_700_000_000_000;

/** Feeds batches (time, decodes) to the detector as the server sees them; returns every signal raised. */
function replay(batches: Array<{ atMs: number; decodes: number }>): {
  signals: MachineLikeSignal[];
  state: DecodeTimingState;
} {
  let state = emptyDecodeTiming;
  const signals: MachineLikeSignal[] = [];
  for (const b of batches) {
    const seen = observeDecodeBatch(state, b.atMs, b.decodes);
    state = seen.state;
    if (seen.signal) signals.push(seen.signal);
  }
  return { signals, state };
}

describe('machine-like decoding detector', () => {
  it('flags a script that posts on a timer', () => {
    const batches = Array.from({ length: 200 }, (_, i) => ({ atMs: start + i * 2_000, decodes: 3 }));
    const { signals } = replay(batches);
    expect(signals[0]).toMatchObject({ kind: 'steady-intervals', intervalCv: 0, meanIntervalMs: 667 });
  });

  it('flags a script held near the ceiling for an hour even when it jitters its timing', () => {
    const random = seededRandom(7);
    let t = start;
    const batches = [];
    while (t < start + 2.5 * 3_600_000) {
      t += 2_000 * (0.8 + 0.4 * random()); // 3 decodes every 1.6–2.4 s: 1.5 decodes/s on average
      batches.push({ atMs: t, decodes: 3 });
    }
    const { signals } = replay(batches);
    expect(signals.some((s) => s.kind === 'steady-intervals')).toBe(false);
    expect(signals.filter((s) => s.kind === 'held-at-ceiling')).toHaveLength(2);
  });

  it('starts a new run after a pause, so breaks never add up into one hour', () => {
    const batches = [];
    for (let block = 0; block < 10; block++) {
      const from = start + block * 20 * 60_000;
      // 15 minutes near the ceiling, then a 5-minute break.
      for (let t = 0; t < 15 * 60_000; t += 2_000) batches.push({ atMs: from + t, decodes: 3 });
    }
    expect(replay(batches).signals.filter((s) => s.kind === 'held-at-ceiling')).toEqual([]);
  });

  it('keeps a small state that survives a round trip through the database and rejects anything malformed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 120_000 }), decodes: fc.integer({ min: 1, max: 50 }) }), {
          maxLength: 300,
        }),
        (steps) => {
          let t = start;
          const { state, signals } = replay(steps.map((s) => ({ atMs: (t += s.gap), decodes: s.decodes })));
          expect(parseDecodeTiming(JSON.parse(JSON.stringify(state)))).toEqual(state);
          expect(JSON.stringify(state).length).toBeLessThan(300);
          // A window or an hour is judged once: never more signals than windows plus hours.
          expect(signals.length).toBeLessThanOrEqual(
            Math.floor(steps.length / balance.decodeTimingWindowBatches) + Math.floor((t - start) / 3_600_000) + 1,
          );
        },
      ),
    );
    expect(parseDecodeTiming(null)).toEqual(emptyDecodeTiming);
    expect(parseDecodeTiming({ ...emptyDecodeTiming, windowM2: 'x' })).toEqual(emptyDecodeTiming);
  });
});
