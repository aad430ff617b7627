import { describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { newBinaryState } from '../../../core/rules/binary';
import { seededRandom } from '../../../core/random';
import { digitFromKey, digitState, pad2, rowLines, visibleRows } from './mainframe-model';

describe('mainframe model', () => {
  const { rows } = newBinaryState(seededRandom(7));

  it('shows all 8 rows on wide screens and 3 on phones (spec §2)', () => {
    expect(visibleRows(rows, false)).toHaveLength(balance.rowQueueSize);
    expect(visibleRows(rows, true)).toEqual(rows.slice(0, balance.rowsShownOnPhone));
  });

  it('splits a row into 3 lines of 5 on phones and keeps it whole on wide screens', () => {
    const row = '010101010111100';
    expect(rowLines(row, true)).toEqual(['01010', '10101', '11100']);
    expect(rowLines(row, false)).toEqual([row]);
    expect(rowLines(row, true).join('')).toBe(row);
  });

  it('takes only the keys 0 and 1', () => {
    expect(digitFromKey('0')).toBe('0');
    expect(digitFromKey('1')).toBe('1');
    for (const key of ['2', 'a', ' ', 'Enter', '01']) expect(digitFromKey(key)).toBeNull();
  });

  it('marks typed digits, the cursor and the rest', () => {
    expect([0, 1, 2, 3].map((i) => digitState(i, 2))).toEqual(['typed', 'typed', 'cursor', 'pending']);
    expect(digitState(0, 0)).toBe('cursor');
  });

  it('pads counters to two digits', () => {
    expect(pad2(5)).toBe('05');
    expect(pad2(15)).toBe('15');
  });
});
