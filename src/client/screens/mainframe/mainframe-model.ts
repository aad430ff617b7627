import { balance } from '../../../core/balance';
import type { Bit } from '../../../core/rules/binary';

/** Rows on screen: all 8 on wide screens, 3 on phones (spec §2). */
export function visibleRows(rows: readonly string[], narrow: boolean): string[] {
  return narrow ? rows.slice(0, balance.rowsShownOnPhone) : [...rows];
}

/** A row split into its display lines: one line on wide screens, lines of 5 on phones (spec §2). */
export function rowLines(row: string, narrow: boolean): string[] {
  if (!narrow) return [row];
  const lines: string[] = [];
  for (let i = 0; i < row.length; i += balance.digitsPerPhoneLine)
    lines.push(row.slice(i, i + balance.digitsPerPhoneLine));
  return lines;
}

/** The digit a key types, or null: only 0 and 1 feed the binary panel. */
export function digitFromKey(key: string): Bit | null {
  return key === '0' || key === '1' ? key : null;
}

export type DigitState = 'typed' | 'cursor' | 'pending';

/** How a digit of the current row is drawn, given how far the player has typed. */
export function digitState(index: number, position: number): DigitState {
  if (index < position) return 'typed';
  return index === position ? 'cursor' : 'pending';
}

/** Two-digit counters in the panel bar ('05/15'), so the bar's width never jumps. */
export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
