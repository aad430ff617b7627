import { useEffect, useRef } from 'react';
import type { Bit } from '../../../core/rules/binary';
import { digitFromKey } from './mainframe-model';

const nonTextInputTypes = new Set([
  'button',
  'checkbox',
  'radio',
  'range',
  'reset',
  'submit',
  'color',
  'file',
  'image',
]);

/** A text field (or anything editable) has focus: its keys are the player's words, not digits. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !nonTextInputTypes.has(target.type);
}

/** ui.md: the binary panel takes 0 and 1 from anywhere on the Mainframe unless a text field (or a dialog) has focus. */
export function useDigitKeys(onDigit: (digit: Bit) => void): void {
  const handler = useRef(onDigit);
  handler.current = onDigit;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      const digit = digitFromKey(event.key);
      if (!digit || isTextEntry(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      event.preventDefault();
      handler.current(digit);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
