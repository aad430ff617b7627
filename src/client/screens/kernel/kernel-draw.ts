import { balance } from '../../../core/balance';
import type { BitCoord } from '../../../core/rules/kernel';
import type { View } from './kernel-model';

const size = balance.gridSize;

/** The bits of the grid inside a width × height canvas (inclusive-exclusive ranges). */
function visibleRange(view: View, width: number, height: number) {
  return {
    x0: Math.max(0, Math.floor(-view.offsetX / view.zoom)),
    x1: Math.min(size, Math.ceil((width - view.offsetX) / view.zoom)),
    y0: Math.max(0, Math.floor(-view.offsetY / view.zoom)),
    y1: Math.min(size, Math.ceil((height - view.offsetY) / view.zoom)),
  };
}

/** Faint lines between bits once they are big enough to tell apart: only the visible ones. */
export function drawBitLines(ctx: CanvasRenderingContext2D, view: View, width: number, height: number): void {
  const { x0, x1, y0, y1 } = visibleRange(view, width, height);
  ctx.beginPath();
  for (let x = x0; x <= x1; x++) {
    const sx = Math.round(view.offsetX + x * view.zoom) + 0.5;
    ctx.moveTo(sx, view.offsetY + y0 * view.zoom);
    ctx.lineTo(sx, view.offsetY + y1 * view.zoom);
  }
  for (let y = y0; y <= y1; y++) {
    const sy = Math.round(view.offsetY + y * view.zoom) + 0.5;
    ctx.moveTo(view.offsetX + x0 * view.zoom, sy);
    ctx.lineTo(view.offsetX + x1 * view.zoom, sy);
  }
  ctx.strokeStyle = 'rgba(34, 211, 238, 0.07)';
  ctx.lineWidth = 1;
  ctx.stroke();
}

/**
 * The player's own bits outlined (ADR 066): a dark inner line and a bright outer one, so the outline
 * shows on any colour; below 3 px a bit gets a small marker box instead, so one bought bit is never lost.
 */
export function drawOwnOutlines(
  ctx: CanvasRenderingContext2D,
  view: View,
  width: number,
  height: number,
  mine: readonly BitCoord[],
): void {
  const { x0, x1, y0, y1 } = visibleRange(view, width, height);
  const cell = Math.max(view.zoom, 3);
  ctx.beginPath();
  for (const b of mine) {
    if (b.x < x0 || b.x >= x1 || b.y < y0 || b.y >= y1) continue;
    const cx = view.offsetX + (b.x + 0.5) * view.zoom - cell / 2;
    const cy = view.offsetY + (b.y + 0.5) * view.zoom - cell / 2;
    ctx.rect(Math.round(cx) - 0.5, Math.round(cy) - 0.5, Math.round(cell) + 1, Math.round(cell) + 1);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
}

/** The keyboard / long-press cursor: a cyan box around the bit, never smaller than 6 px. */
export function drawCursor(ctx: CanvasRenderingContext2D, view: View, cursor: BitCoord): void {
  const cell = Math.max(view.zoom, 6);
  const cx = view.offsetX + (cursor.x + 0.5) * view.zoom - cell / 2;
  const cy = view.offsetY + (cursor.y + 0.5) * view.zoom - cell / 2;
  ctx.strokeStyle = '#22d3ee';
  ctx.lineWidth = 2;
  ctx.strokeRect(cx - 1, cy - 1, cell + 2, cell + 2);
}
