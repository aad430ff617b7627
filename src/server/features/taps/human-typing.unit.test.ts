import { describe, expect, it } from 'vitest';
import { humanDecodeTimes, recordedTypists } from '../../../../tests/support/human-keystrokes';
import { balance } from '../../../core/balance';
import { emptyDecodeTiming, observeDecodeBatch } from '../../../core/rules/decode-timing';

describe('machine-like flag and recorded human typing', () => {
  it.each(recordedTypists.map((t) => [t.participant, t] as const))(
    'never flags a person typing rows (participant %s of a public keystroke dataset)',
    (_id, typist) => {
      const times = humanDecodeTimes(typist, balance.rowLength, 4, 1_700_000_000_000);
      expect(times.length).toBeGreaterThan(3 * balance.decodeTimingWindowBatches);
      let state = emptyDecodeTiming;
      for (const atMs of times) {
        const seen = observeDecodeBatch(state, atMs, 1);
        expect(seen.signal).toBeNull();
        state = seen.state;
      }
    },
  );
});
