import { balance } from '../../../core/balance';
import { digitState, rowLines, visibleRows } from './mainframe-model';
import { texts } from '../../../core/texts';

export interface BinaryRowsProps {
  rows: readonly string[];
  position: number;
  narrow: boolean;
}

/**
 * The queue of rows. The current row's text content is exactly its digits (lines and groups are
 * drawn by CSS), so a test or a screen reader reads '010110…' and nothing else.
 */
export function BinaryRows({ rows, position, narrow }: BinaryRowsProps) {
  const shown = visibleRows(rows, narrow);
  return (
    <ol className={`bb-rows ${narrow ? 'bb-rows--narrow' : ''}`} aria-label="Rows to decode">
      {shown.map((row, r) => {
        const current = r === 0;
        let offset = 0;
        return (
          <li key={`${r}-${row}`} className={`bb-row ${current ? 'bb-row--current' : ''}`} data-row={r}>
            <span className="bb-row__marker" aria-hidden="true">
              {current ? '▶' : String(r + 1).padStart(2, '0')}
            </span>
            <div
              className="bb-row__digits"
              data-testid={current ? 'current-row' : undefined}
              role={current ? 'group' : undefined}
              aria-label={current ? texts.mainframe.currentRow : undefined}
            >
              {rowLines(row, narrow).map((line) => {
                const start = offset;
                offset += line.length;
                return (
                  <span key={start} className="bb-row__line" data-line={start / balance.digitsPerPhoneLine}>
                    {line.split('').map((digit, i) => {
                      const index = start + i;
                      const state = current ? digitState(index, position) : 'pending';
                      return (
                        <span key={index} className={`bb-digit bb-digit--${state}`}>
                          {digit}
                        </span>
                      );
                    })}
                  </span>
                );
              })}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
