import { useEffect, useRef } from 'react';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import type { UrlView } from './kernel-url';
import type { KernelView } from './kernel-view';
import { useValue, type ValueStore } from './value-store';

const size = balance.gridSize;
const px = 160;

/**
 * The whole grid small, with the part in sight framed (ADR 066, desktop only): clicking it centres
 * the view there. A pointer aid only — the keyboard pans the canvas itself.
 */
export function Minimap({
  viewRef,
  view,
  painted,
}: {
  viewRef: React.RefObject<KernelView | null>;
  view: ValueStore<UrlView | null>;
  painted: ValueStore<number>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const at = useValue(view);
  const version = useValue(painted);

  useEffect(() => {
    const c = canvas.current;
    const v = viewRef.current;
    if (!c || !v) return;
    // After the canvas's own frame has copied the newest bits onto its picture.
    const frame = requestAnimationFrame(() => draw(c, v));
    return () => cancelAnimationFrame(frame);
  }, [viewRef, at, version]);

  function draw(c: HTMLCanvasElement, v: KernelView) {
    const ctx = c.getContext('2d')!;
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(v.imageCanvas, 0, 0, px, px);
    const r = v.visibleRect();
    const s = px / size;
    ctx.strokeStyle = '#22d3ee';
    ctx.lineWidth = 1;
    ctx.strokeRect(
      Math.round(r.x * s) + 0.5,
      Math.round(r.y * s) + 0.5,
      Math.max(2, Math.round(r.w * s)),
      Math.max(2, Math.round(r.h * s)),
    );
  }

  function jump(e: React.MouseEvent<HTMLCanvasElement>) {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = Math.floor(((e.clientX - rect.left) / rect.width) * size);
    const y = Math.floor(((e.clientY - rect.top) / rect.height) * size);
    viewRef.current?.centreOn(Math.min(size - 1, Math.max(0, x)), Math.min(size - 1, Math.max(0, y)));
  }

  return (
    <canvas
      ref={canvas}
      width={px}
      height={px}
      className="bb-kernel__minimap"
      onClick={jump}
      aria-label={texts.kernel.minimapLabel}
      role="img"
      data-testid="kernel-minimap"
    />
  );
}
