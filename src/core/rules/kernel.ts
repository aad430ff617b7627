import { balance } from '../balance';

/** A bit's coordinates on the Kernel grid (spec §9: 0–799 on each axis). */
export interface BitCoord {
  x: number;
  y: number;
}

/** An RGB colour, each channel a whole 0–255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const size = balance.gridSize;
const centre = size / 2;
/** Distance from the centre (400,400) to the farthest corner (0,0): the price reaches 1 there. */
const cornerDistance = Math.hypot(centre, centre);

/** True for whole coordinates inside the grid (0 ≤ x, y < 800). */
export function isOnGrid(x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < size && y < size;
}

/**
 * spec §9: a bit's price in Telnet — 20 at the centre (400,400), falling linearly with the distance
 * to 1 at a corner, rounded and clamped to 1–20. Throws RangeError for a bit outside the grid.
 */
export function bitPrice(x: number, y: number): number {
  if (!isOnGrid(x, y)) throw new RangeError(`bit (${x}, ${y}) is outside the ${size}×${size} grid`);
  const t = Math.hypot(x - centre, y - centre) / cornerDistance;
  const raw = balance.bitPriceCentre - t * (balance.bitPriceCentre - balance.bitPriceCorner);
  return Math.min(balance.bitPriceCentre, Math.max(balance.bitPriceCorner, Math.round(raw)));
}

/** True for a whole colour channel 0–255. */
export function isColorChannel(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255;
}

/** The index of a bit in row-major order (y * 800 + x), as the snapshot and the canvas's image data lay them out. */
export function bitIndex(x: number, y: number): number {
  return y * size + x;
}

/** The zoom ladder (spec §9): 0.1× multiplied by 1.5 per step, the last step clamped to 30×. */
export const zoomLevels: readonly number[] = (() => {
  const levels: number[] = [];
  for (let n = 0; balance.kernelZoomMin * balance.kernelZoomStep ** n < balance.kernelZoomMax; n++)
    levels.push(balance.kernelZoomMin * balance.kernelZoomStep ** n);
  levels.push(balance.kernelZoomMax);
  return levels;
})();

/** Clamps a zoom to the spec's range 0.1×–30×. */
export function clampZoom(zoom: number): number {
  return Math.min(balance.kernelZoomMax, Math.max(balance.kernelZoomMin, zoom));
}

/** The next zoom on the ladder above (direction 1) or below (-1) the current one; stays at the ends. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const eps = 1e-6;
  if (direction > 0) return zoomLevels.find((z) => z > zoom + eps) ?? balance.kernelZoomMax;
  for (let i = zoomLevels.length - 1; i >= 0; i--) if (zoomLevels[i]! < zoom - eps) return zoomLevels[i]!;
  return balance.kernelZoomMin;
}

/** The zoom label: '0.10×', '1.5×', '30×'. */
export function formatZoom(zoom: number): string {
  if (zoom < 1) return `${zoom.toFixed(2)}×`;
  return `${Number(zoom.toFixed(1))}×`;
}
