import { useCallback, useEffect, useRef, useState } from 'react';
import { balance } from '../../../core/balance';
import { newBinaryState, typeDigit, type BinaryState, type Bit } from '../../../core/rules/binary';

export interface BinaryInput {
  state: BinaryState;
  /** True for 500 ms after a wrong digit (spec §4). */
  shaking: boolean;
  type(digit: Bit): void;
}

/**
 * The binary panel's state. Digits are applied to a ref first, so a burst of keys faster than React
 * renders is still read in order against the right row.
 */
export function useBinaryInput(random: () => number, onRowComplete: () => void): BinaryInput {
  const [state, setState] = useState<BinaryState>(() => newBinaryState(random));
  const stateRef = useRef(state);
  const [shaking, setShaking] = useState(false);
  const shakeTimer = useRef<number | null>(null);
  const onCompleteRef = useRef(onRowComplete);
  onCompleteRef.current = onRowComplete;

  useEffect(
    () => () => {
      if (shakeTimer.current !== null) window.clearTimeout(shakeTimer.current);
    },
    [],
  );

  const type = useCallback(
    (digit: Bit) => {
      const { state: next, outcome } = typeDigit(stateRef.current, digit, random);
      stateRef.current = next;
      setState(next);
      if (outcome === 'wrong') {
        setShaking(true);
        if (shakeTimer.current !== null) window.clearTimeout(shakeTimer.current);
        shakeTimer.current = window.setTimeout(() => setShaking(false), balance.shakeMs);
      } else if (outcome === 'row-complete') {
        onCompleteRef.current();
      }
    },
    [random],
  );

  return { state, shaking, type };
}
