import { useEffect, useRef } from 'react';
import { texts } from '../../../core/texts';
import type { BitCoord } from '../../../core/rules/kernel';
import type { UrlView } from './kernel-url';
import { KernelView } from './kernel-view';
import type { ValueStore } from './value-store';

export interface KernelCanvasProps {
  viewRef: React.RefObject<KernelView | null>;
  zoom: ValueStore<number>;
  hover: ValueStore<BitCoord | null>;
  onBuy(bit: BitCoord): void;
  /** Where it opens (a shared spot from the URL), or null for the centre until the player's bits are known. */
  start: UrlView | null;
  /** Hears every move (the URL and the minimap follow it). */
  onView(view: UrlView): void;
}

/** Mounts the imperative canvas (kernel-view.ts) once; after that React never re-renders it. */
export function KernelCanvas({ viewRef, zoom, hover, onBuy, start, onView }: KernelCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const buy = useRef(onBuy);
  buy.current = onBuy;
  const moved = useRef(onView);
  moved.current = onView;
  const opening = useRef(start);

  useEffect(() => {
    const view = new KernelView(
      canvas.current!,
      {
        onBuy: (bit) => buy.current(bit),
        onHover: (bit) => hover.set(bit),
        onZoom: (z) => zoom.set(z),
        onView: (v) => moved.current(v),
      },
      opening.current,
    );
    moved.current(view.current());
    viewRef.current = view;
    // The browser tests and the bench drive and read the canvas through this handle.
    (window as unknown as { __kernelView?: KernelView }).__kernelView = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [viewRef, zoom, hover]);

  return (
    <canvas
      ref={canvas}
      className="bb-kernel__canvas"
      tabIndex={0}
      role="application"
      aria-label={texts.kernel.canvasLabel}
      data-testid="kernel-canvas"
    />
  );
}
