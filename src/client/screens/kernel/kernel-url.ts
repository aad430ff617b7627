import { balance } from '../../../core/balance';
import { clampZoom } from '../../../core/rules/kernel';

/** A shareable spot on the Kernel (ADR 066): the bit at the centre of the view and the zoom, as in pxls's `?x=&y=&scale=`. */
export interface UrlView {
  x: number;
  y: number;
  zoom: number;
}

const size = balance.gridSize;

function number(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The view a query string asks for, clamped onto the grid and the zoom range; null when x or y is
 * missing or not a number (the screen then opens on the player's bits). A bad zoom alone is ignored.
 */
export function readUrlView(search: string, fallbackZoom: number): UrlView | null {
  const q = new URLSearchParams(search);
  const x = number(q.get('x'));
  const y = number(q.get('y'));
  if (x === null || y === null) return null;
  const z = number(q.get('zoom'));
  const clampBit = (n: number) => Math.min(size - 1, Math.max(0, Math.round(n)));
  return { x: clampBit(x), y: clampBit(y), zoom: z !== null && z > 0 ? clampZoom(z) : fallbackZoom };
}

/** The query string for a view, keeping any other parameters already there. */
export function writeUrlView(search: string, view: UrlView): string {
  const q = new URLSearchParams(search);
  q.set('x', String(view.x));
  q.set('y', String(view.y));
  q.set('zoom', String(Number(view.zoom.toFixed(3))));
  return `?${q.toString()}`;
}
