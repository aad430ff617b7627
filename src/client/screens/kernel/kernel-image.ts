import { balance } from '../../../core/balance';
import { bitIndex } from '../../../core/rules/kernel';
import type { GridPixels } from '../../../core/rules/kernel-snapshot';

const size = balance.gridSize;
/** A free bit's colour on the canvas: a shade above the panel, so the grid's extent shows. */
const free = [16, 26, 34] as const;

/** An RGB triple as one opaque little-endian RGBA word of ImageData. */
function rgba(c: readonly [number, number, number]): number {
  return ((255 << 24) | (c[2] << 16) | (c[1] << 8) | c[0]) >>> 0;
}

/** The 800×800 offscreen image: one pixel per bit, copied to its canvas only where it changed. */
export class KernelImage {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly image: ImageData;
  private dirty: { x0: number; y0: number; x1: number; y1: number } | null = { x0: 0, y0: 0, x1: size, y1: size };

  constructor() {
    this.canvas = document.createElement('canvas');
    this.canvas.width = size;
    this.canvas.height = size;
    this.ctx = this.canvas.getContext('2d')!;
    this.image = this.ctx.createImageData(size, size);
    // One typed fill instead of a loop per bit: the start-up's longest task (ADR 066).
    new Uint32Array(this.image.data.buffer).fill(rgba(free));
  }

  /** Replaces the whole picture (a snapshot arrived). */
  load(grid: GridPixels): void {
    const data = this.image.data;
    new Uint32Array(data.buffer).fill(rgba(free));
    for (let i = 0; i < size * size; i++) {
      if (!grid.owned[i]) continue;
      const o = i * 4;
      data[o] = grid.rgb[i * 3]!;
      data[o + 1] = grid.rgb[i * 3 + 1]!;
      data[o + 2] = grid.rgb[i * 3 + 2]!;
    }
    this.dirty = { x0: 0, y0: 0, x1: size, y1: size };
  }

  /** Paints one bought bit. */
  paint(x: number, y: number, r: number, g: number, b: number): void {
    const o = bitIndex(x, y) * 4;
    const data = this.image.data;
    data[o] = r;
    data[o + 1] = g;
    data[o + 2] = b;
    const d = this.dirty;
    this.dirty = d
      ? { x0: Math.min(d.x0, x), y0: Math.min(d.y0, y), x1: Math.max(d.x1, x + 1), y1: Math.max(d.y1, y + 1) }
      : { x0: x, y0: y, x1: x + 1, y1: y + 1 };
  }

  colorAt(x: number, y: number): [number, number, number] {
    const o = bitIndex(x, y) * 4;
    return [this.image.data[o]!, this.image.data[o + 1]!, this.image.data[o + 2]!];
  }

  /** Copies what changed onto the offscreen canvas (once per frame). */
  flush(): void {
    const d = this.dirty;
    if (!d) return;
    this.ctx.putImageData(this.image, 0, 0, d.x0, d.y0, d.x1 - d.x0, d.y1 - d.y0);
    this.dirty = null;
  }
}
