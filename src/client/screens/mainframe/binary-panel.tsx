import type { ReactNode } from 'react';
import { balance } from '../../../core/balance';
import type { BinaryState, Bit } from '../../../core/rules/binary';
import { Panel } from '../../ui/panel';
import { BinaryRows } from './binary-rows';
import { pad2 } from './mainframe-model';
import './binary-panel.css';
import { texts } from '../../../core/texts';

export interface BinaryPanelProps {
  state: BinaryState;
  shaking: boolean;
  narrow: boolean;
  onDigit(digit: Bit): void;
  /** The LEVEL UP banner while it shows: over the title bar, clear of every row. */
  banner?: ReactNode;
}

/** The decoder: rows of digits to type, with on-screen 0 and 1 keys (spec §2, §4). */
export function BinaryPanel({ state, shaking, narrow, onDigit, banner }: BinaryPanelProps) {
  return (
    <Panel
      title={texts.mainframe.decoderTitle}
      tone={shaking ? 'danger' : 'accent'}
      className={`bb-binary ${shaking ? 'is-shaking' : ''}`}
      data-shaking={shaking ? 'true' : 'false'}
      data-testid="binary-panel"
      actions={
        <span className="bb-binary__pos" data-testid="row-position">
          POS <strong>{pad2(state.position)}</strong>/{pad2(balance.rowLength)}
        </span>
      }
    >
      {banner}
      <BinaryRows rows={state.rows} position={state.position} narrow={narrow} />
      <p className="bb-visually-hidden" aria-live="polite">
        {shaking ? texts.mainframe.wrongDigit : ''}
      </p>
      <div className="bb-binary__keys">
        {(['0', '1'] as const).map((digit) => (
          <button key={digit} type="button" className="bb-binary__key" onClick={() => onDigit(digit)}>
            {digit}
          </button>
        ))}
      </div>
      <p className="bb-binary__hint">
        Type the highlighted row with <kbd>0</kbd> and <kbd>1</kbd>. A wrong digit resets the row.
      </p>
    </Panel>
  );
}
