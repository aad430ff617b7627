import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { balance } from '../../../core/balance';
import { createLongPress, type LongPress } from './long-press';

/**
 * Pointer handlers for an element that starts multi-select on a long press (spec §2/§9: 800 ms, mouse
 * and touch). The click that ends a long press is swallowed (capture phase) so it does not toggle back;
 * keep the handlers on the element after it fired (enabled = false), since that click comes after the re-render.
 */
export function useLongPress(onLongPress: () => void, enabled = true) {
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  const swallowClick = useRef(false);
  const press = useRef<LongPress | null>(null);
  press.current ??= createLongPress({
    delayMs: balance.longPressMs,
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    onLongPress: () => callback.current(),
  });
  useEffect(() => () => press.current?.cancel(), []);

  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0 || !enabled) return;
      press.current!.press(e.clientX, e.clientY);
    },
    onPointerMove: (e: PointerEvent) => press.current!.move(e.clientX, e.clientY),
    onPointerUp: () => {
      swallowClick.current = press.current!.release();
    },
    onPointerCancel: () => press.current!.cancel(),
    onPointerLeave: () => press.current!.cancel(),
    // A touch-and-hold opens the browser's context menu on some phones; the long press owns that gesture.
    onContextMenu: (e: MouseEvent) => e.preventDefault(),
    onClickCapture: (e: MouseEvent) => {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}
