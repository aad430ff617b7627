import { balance } from '../balance';

export type Bit = '0' | '1';

/** The binary panel's state: a queue of rows and how far into the first row the player is. */
export interface BinaryState {
  rows: string[];
  position: number;
}

/** A random row of 15 digits. */
export function randomRow(random: () => number, length: number = balance.rowLength): string {
  let row = '';
  for (let i = 0; i < length; i++) row += random() < 0.5 ? '0' : '1';
  return row;
}

/** A fresh queue of 8 rows (spec §4). */
export function newBinaryState(random: () => number): BinaryState {
  return { rows: Array.from({ length: balance.rowQueueSize }, () => randomRow(random)), position: 0 };
}

export type DigitOutcome = 'advance' | 'wrong' | 'row-complete';

/**
 * One digit typed (spec §4): a correct digit advances; a wrong one resets the row's progress;
 * the 15th correct digit completes the row, which leaves, and a new random row joins the queue.
 */
export function typeDigit(
  state: BinaryState,
  digit: Bit,
  random: () => number,
): { state: BinaryState; outcome: DigitOutcome } {
  const row = state.rows[0];
  if (row === undefined) return { state: newBinaryState(random), outcome: 'wrong' };
  if (row[state.position] !== digit) return { state: { ...state, position: 0 }, outcome: 'wrong' };
  const position = state.position + 1;
  if (position < row.length) return { state: { ...state, position }, outcome: 'advance' };
  return { state: { rows: [...state.rows.slice(1), randomRow(random)], position: 0 }, outcome: 'row-complete' };
}
