import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random';
import { newBinaryState, typeDigit, type Bit } from './binary';

describe('binary rows (spec §4)', () => {
  it('starts with 8 rows of 15 digits', () => {
    const s = newBinaryState(seededRandom(1));
    expect(s.rows).toHaveLength(8);
    for (const row of s.rows) expect(row).toMatch(/^[01]{15}$/);
  });

  it('advances on a correct digit, resets on a wrong one', () => {
    const random = seededRandom(2);
    const s = newBinaryState(random);
    const first = s.rows[0]![0] as Bit;
    const a = typeDigit(s, first, random);
    expect(a).toMatchObject({ outcome: 'advance', state: { position: 1 } });
    const wrong = (a.state.rows[0]![1] === '0' ? '1' : '0') as Bit;
    const b = typeDigit(a.state, wrong, random);
    expect(b).toMatchObject({ outcome: 'wrong', state: { position: 0 } });
    expect(b.state.rows).toEqual(s.rows);
  });

  it('completes a row after 15 correct digits: it leaves and a new one joins the queue of 8', () => {
    const random = seededRandom(3);
    let s = newBinaryState(random);
    const [first, second] = s.rows;
    let outcome = '';
    for (const digit of first!) ({ state: s, outcome } = typeDigit(s, digit as Bit, random));
    expect(outcome).toBe('row-complete');
    expect(s.rows).toHaveLength(8);
    expect(s.rows[0]).toBe(second);
    expect(s.position).toBe(0);
  });
});
