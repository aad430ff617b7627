import { balance } from '../../../core/balance';
import { clampZoom, isOnGrid, stepZoom, zoomLevels, type BitCoord } from '../../../core/rules/kernel';

/** How the canvas shows the grid: CSS pixels per bit and where bit (0,0)'s corner sits on screen. */
export interface View {
  zoom: number;
  offsetX: number;
  offsetY: number;
}

const size = balance.gridSize;

/** The first view: the largest ladder zoom that fits the whole grid, centred. */
export function initialView(width: number, height: number): View {
  const fit = Math.min(width, height) / size;
  const zoom = [...zoomLevels].reverse().find((z) => z <= fit) ?? zoomLevels[0]!;
  return { zoom, offsetX: (width - size * zoom) / 2, offsetY: (height - size * zoom) / 2 };
}

/** The first ladder zoom at which one bit is at least `px` CSS pixels wide (ADR 066: a bought bit must be visible). */
export function openZoom(px = balance.kernelOpenBitPx): number {
  return zoomLevels.find((z) => z >= px) ?? balance.kernelZoomMax;
}

/** A view at `zoom` with bit (x, y) at the centre of a width × height canvas. */
export function viewCentredOn(x: number, y: number, zoom: number, width: number, height: number): View {
  return { zoom, offsetX: width / 2 - (x + 0.5) * zoom, offsetY: height / 2 - (y + 0.5) * zoom };
}

/** The bit at the centre of the canvas, clamped onto the grid (what the URL records). */
export function centreBit(view: View, width: number, height: number): BitCoord {
  const clamp = (n: number) => Math.min(size - 1, Math.max(0, Math.floor(n)));
  return { x: clamp((width / 2 - view.offsetX) / view.zoom), y: clamp((height / 2 - view.offsetY) / view.zoom) };
}

/** The view zoomed to `zoom` (clamped to 0.1×–30×) keeping the point under (px, py) where it is. */
export function zoomAbout(view: View, zoom: number, px: number, py: number): View {
  const next = clampZoom(zoom);
  const gx = (px - view.offsetX) / view.zoom;
  const gy = (py - view.offsetY) / view.zoom;
  return { zoom: next, offsetX: px - gx * next, offsetY: py - gy * next };
}

/** One step up or down the 1.5× ladder, about a point (the buttons and + / − use the centre). */
export function stepAbout(view: View, direction: 1 | -1, px: number, py: number): View {
  return zoomAbout(view, stepZoom(view.zoom, direction), px, py);
}

/** The view moved by (dx, dy) screen pixels, kept so some of the grid always stays in sight. */
export function panBy(view: View, dx: number, dy: number, width: number, height: number): View {
  const span = size * view.zoom;
  const margin = Math.min(48, span);
  const clamp = (offset: number, screen: number) => Math.min(screen - margin, Math.max(margin - span, offset));
  return { ...view, offsetX: clamp(view.offsetX + dx, width), offsetY: clamp(view.offsetY + dy, height) };
}

/** The bit under a screen point, or null off the grid. */
export function bitAt(view: View, px: number, py: number): BitCoord | null {
  const x = Math.floor((px - view.offsetX) / view.zoom);
  const y = Math.floor((py - view.offsetY) / view.zoom);
  return isOnGrid(x, y) ? { x, y } : null;
}

/** What the keyboard does on the canvas (arrows pan, + / − zoom, Enter buys the bit at the centre). */
export type KeyAction = { kind: 'pan'; dx: number; dy: number } | { kind: 'zoom'; direction: 1 | -1 } | { kind: 'buy' };

export const keyPanStep = 48;

/** The action for a key, or null when the canvas should let the key through. */
export function keyAction(key: string, shift: boolean): KeyAction | null {
  const step = shift ? keyPanStep * 4 : keyPanStep;
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'pan', dx: step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'pan', dx: -step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'pan', dx: 0, dy: step };
    case 'ArrowDown':
      return { kind: 'pan', dx: 0, dy: -step };
    case '+':
    case '=':
      return { kind: 'zoom', direction: 1 };
    case '-':
    case '_':
      return { kind: 'zoom', direction: -1 };
    case 'Enter':
    case ' ':
      return { kind: 'buy' };
    default:
      return null;
  }
}

/** The zoom factor for one wheel event: a notch (100 px) is one 1.5× step. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return balance.kernelZoomStep ** (-pixels / 100);
}

/**
 * The grid stream's bookkeeping: `version` is the newest version with nothing missing below it.
 * A pushed update is painted at once; one that skips versions is held until a catch-up fills the gap.
 */
export interface SyncState {
  version: number;
  /** Versions painted above `version` while one below them is missing. */
  ahead: readonly number[];
}

/** What an update with version v does: ignore it (already have it), or take it, and whether a catch-up is needed. */
export function receiveVersion(state: SyncState, v: number): { state: SyncState; paint: boolean; catchUp: boolean } {
  if (v <= state.version || state.ahead.includes(v)) return { state, paint: false, catchUp: false };
  if (v !== state.version + 1) return { state: { ...state, ahead: [...state.ahead, v] }, paint: true, catchUp: true };
  let version = v;
  const ahead = [...state.ahead].sort((a, b) => a - b);
  while (ahead[0] === version + 1) version = ahead.shift()!;
  return { state: { version, ahead }, paint: true, catchUp: ahead.length > 0 };
}

/** After a catch-up answered up to `version`: everything at or below it is in, and held versions just above join. */
export function caughtUp(state: SyncState, version: number): SyncState {
  let v = Math.max(state.version, version);
  const ahead = state.ahead.filter((a) => a > v).sort((a, b) => a - b);
  while (ahead[0] === v + 1) v = ahead.shift()!;
  return { version: v, ahead };
}
