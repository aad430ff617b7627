import { balance } from '../../../core/balance';
import { bitIndex, type BitCoord } from '../../../core/rules/kernel';
import type { GridPixels } from '../../../core/rules/kernel-snapshot';
import { bitAt, initialView, keyAction, panBy, stepAbout, wheelFactor, zoomAbout, type View } from './kernel-model';

const size = balance.gridSize;
/** A free bit's colour on the canvas: a shade above the panel, so the grid's extent shows. */
const free = [16, 26, 34] as const;
const doubleTapMs = 320;
const longPressMs = 500;
const tapSlopPx = 10;

export interface KernelViewEvents {
  /** A double-click, double-tap or Enter on a bit. */
  onBuy(bit: BitCoord): void;
  /** The bit the pointer (or the keyboard cursor, or a long press) points at; null when none. */
  onHover(bit: BitCoord | null): void;
  /** The zoom changed (for the label). */
  onZoom(zoom: number): void;
}

/**
 * The Kernel canvas: an 800×800 offscreen image holding one pixel per bit, drawn
 * scaled onto the visible canvas only in frames where something changed. Pan, zoom and pushed bits
 * never touch React; the screen hears the zoom and the hovered bit through the callbacks.
 */
export class KernelView {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly image: ImageData;
  private readonly offscreen: HTMLCanvasElement;
  private readonly offCtx: CanvasRenderingContext2D;
  private view: View = { zoom: 1, offsetX: 0, offsetY: 0 };
  private width = 0;
  private height = 0;
  private frame = 0;
  private dirtyImage: { x0: number; y0: number; x1: number; y1: number } | null = null;
  private pointers = new Map<number, { x: number; y: number }>();
  private pinchDistance = 0;
  private press: { id: number; x: number; y: number; at: number; moved: boolean; timer: number } | null = null;
  private lastTap: { at: number; x: number; y: number } | null = null;
  private cursor: BitCoord | null = null;
  private keyboardCursor = false;
  private readonly cleanup: (() => void)[] = [];
  /** Frame start times (ms), kept only while a bench asks for them. */
  frameTimes: number[] | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly events: KernelViewEvents,
  ) {
    this.ctx = canvas.getContext('2d', { alpha: false })!;
    this.offscreen = document.createElement('canvas');
    this.offscreen.width = size;
    this.offscreen.height = size;
    this.offCtx = this.offscreen.getContext('2d')!;
    this.image = this.offCtx.createImageData(size, size);
    for (let i = 0; i < size * size; i++) this.image.data.set([...free, 255], i * 4);
    this.dirtyImage = { x0: 0, y0: 0, x1: size, y1: size };
    this.listen();
    this.resize();
    this.view = initialView(this.width, this.height);
    this.events.onZoom(this.view.zoom);
  }

  /** Replaces the whole picture (a snapshot arrived). */
  load(grid: GridPixels): void {
    const data = this.image.data;
    for (let i = 0; i < size * size; i++) {
      const o = i * 4;
      if (grid.owned[i]) {
        data[o] = grid.rgb[i * 3]!;
        data[o + 1] = grid.rgb[i * 3 + 1]!;
        data[o + 2] = grid.rgb[i * 3 + 2]!;
      } else {
        data[o] = free[0];
        data[o + 1] = free[1];
        data[o + 2] = free[2];
      }
    }
    this.dirtyImage = { x0: 0, y0: 0, x1: size, y1: size };
    this.schedule();
  }

  /** Paints one bought bit. */
  paint(x: number, y: number, r: number, g: number, b: number): void {
    const o = bitIndex(x, y) * 4;
    const data = this.image.data;
    data[o] = r;
    data[o + 1] = g;
    data[o + 2] = b;
    const d = this.dirtyImage;
    this.dirtyImage = d ? { x0: Math.min(d.x0, x), y0: Math.min(d.y0, y), x1: Math.max(d.x1, x + 1), y1: Math.max(d.y1, y + 1) } : { x0: x, y0: y, x1: x + 1, y1: y + 1 };
    this.schedule();
  }

  /** The colour shown at a bit (tests and the bench read pixels through the canvas instead). */
  colorAt(x: number, y: number): [number, number, number] {
    const o = bitIndex(x, y) * 4;
    return [this.image.data[o]!, this.image.data[o + 1]!, this.image.data[o + 2]!];
  }

  zoomStep(direction: 1 | -1): void {
    this.setView(stepAbout(this.view, direction, this.width / 2, this.height / 2));
  }

  get zoom(): number {
    return this.view.zoom;
  }

  /** Where a bit's centre is on screen, in CSS pixels relative to the canvas (browser tests click there). */
  screenPointOf(x: number, y: number): { x: number; y: number } {
    return { x: this.view.offsetX + (x + 0.5) * this.view.zoom, y: this.view.offsetY + (y + 0.5) * this.view.zoom };
  }

  /** Centres the view on a bit at a zoom (browser tests and the bench). */
  centreOn(x: number, y: number, zoom = this.view.zoom): void {
    this.setView({ zoom, offsetX: this.width / 2 - (x + 0.5) * zoom, offsetY: this.height / 2 - (y + 0.5) * zoom });
  }

  /** Pans by screen pixels (the bench drives this). */
  panBy(dx: number, dy: number): void {
    this.setView(panBy(this.view, dx, dy, this.width, this.height));
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    for (const off of this.cleanup) off();
  }

  private setView(view: View): void {
    const zoomed = view.zoom !== this.view.zoom;
    this.view = view;
    if (zoomed) this.events.onZoom(view.zoom);
    if (this.keyboardCursor) this.updateCursor(this.width / 2, this.height / 2);
    this.schedule();
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame((t) => this.draw(t));
  }

  private draw(time: number): void {
    this.frame = 0;
    this.frameTimes?.push(time);
    const d = this.dirtyImage;
    if (d) {
      this.offCtx.putImageData(this.image, 0, 0, d.x0, d.y0, d.x1 - d.x0, d.y1 - d.y0);
      this.dirtyImage = null;
    }
    const dpr = window.devicePixelRatio || 1;
    const { ctx, view } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#05070a';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.imageSmoothingEnabled = false;
    ctx.setTransform(dpr * view.zoom, 0, 0, dpr * view.zoom, dpr * view.offsetX, dpr * view.offsetY);
    ctx.drawImage(this.offscreen, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (view.zoom >= 8) this.drawBitLines();
    ctx.strokeStyle = '#12303a';
    ctx.lineWidth = 1;
    ctx.strokeRect(view.offsetX - 0.5, view.offsetY - 0.5, size * view.zoom + 1, size * view.zoom + 1);
    if (this.cursor) {
      const cell = Math.max(view.zoom, 6);
      const cx = view.offsetX + (this.cursor.x + 0.5) * view.zoom - cell / 2;
      const cy = view.offsetY + (this.cursor.y + 0.5) * view.zoom - cell / 2;
      ctx.strokeStyle = '#22d3ee';
      ctx.lineWidth = 2;
      ctx.strokeRect(cx - 1, cy - 1, cell + 2, cell + 2);
    }
  }

  /** Faint lines between bits once they are big enough to tell apart: only the visible ones. */
  private drawBitLines(): void {
    const { ctx, view } = this;
    const x0 = Math.max(0, Math.floor(-view.offsetX / view.zoom));
    const x1 = Math.min(size, Math.ceil((this.width - view.offsetX) / view.zoom));
    const y0 = Math.max(0, Math.floor(-view.offsetY / view.zoom));
    const y1 = Math.min(size, Math.ceil((this.height - view.offsetY) / view.zoom));
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

  private resize(): void {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    this.width = rect.width;
    this.height = rect.height;
    this.canvas.width = Math.max(1, Math.round(rect.width * dpr));
    this.canvas.height = Math.max(1, Math.round(rect.height * dpr));
    this.schedule();
  }

  private local(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  private updateCursor(px: number, py: number): void {
    const bit = bitAt(this.view, px, py);
    if (bit?.x === this.cursor?.x && bit?.y === this.cursor?.y) return;
    this.cursor = bit;
    this.events.onHover(bit);
    this.schedule();
  }

  private on<K extends keyof HTMLElementEventMap>(type: K, handler: (e: HTMLElementEventMap[K]) => void, options?: AddEventListenerOptions): void {
    this.canvas.addEventListener(type, handler as EventListener, options);
    this.cleanup.push(() => this.canvas.removeEventListener(type, handler as EventListener, options));
  }

  private listen(): void {
    const observer = new ResizeObserver(() => this.resize());
    observer.observe(this.canvas);
    this.cleanup.push(() => observer.disconnect());

    this.on('wheel', (e) => {
      e.preventDefault();
      const p = this.local(e);
      this.setView(zoomAbout(this.view, this.view.zoom * wheelFactor(e.deltaY, e.deltaMode), p.x, p.y));
    }, { passive: false });

    this.on('pointerdown', (e) => {
      this.canvas.setPointerCapture(e.pointerId);
      const p = this.local(e);
      this.pointers.set(e.pointerId, p);
      this.keyboardCursor = false;
      if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        this.pinchDistance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
        this.cancelPress();
        return;
      }
      const timer = e.pointerType === 'mouse' ? 0 : window.setTimeout(() => this.updateCursor(p.x, p.y), longPressMs);
      this.press = { id: e.pointerId, x: p.x, y: p.y, at: performance.now(), moved: false, timer };
    });

    this.on('pointermove', (e) => {
      const p = this.local(e);
      const last = this.pointers.get(e.pointerId);
      if (!last) {
        if (e.pointerType === 'mouse') this.updateCursor(p.x, p.y);
        return;
      }
      this.pointers.set(e.pointerId, p);
      if (this.pointers.size >= 2) {
        const [a, b] = [...this.pointers.values()];
        const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
        if (this.pinchDistance > 0) {
          const mid = { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 };
          this.setView(zoomAbout(this.view, this.view.zoom * (distance / this.pinchDistance), mid.x, mid.y));
        }
        this.pinchDistance = distance;
        return;
      }
      if (this.press && Math.hypot(p.x - this.press.x, p.y - this.press.y) > tapSlopPx) {
        this.press.moved = true;
        window.clearTimeout(this.press.timer);
      }
      if (!this.press || this.press.moved) this.setView(panBy(this.view, p.x - last.x, p.y - last.y, this.width, this.height));
      if (e.pointerType === 'mouse') this.updateCursor(p.x, p.y);
    });

    const end = (e: PointerEvent) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) this.pinchDistance = 0;
      const press = this.press;
      if (!press || press.id !== e.pointerId) return;
      this.cancelPress();
      if (press.moved || e.type === 'pointercancel' || e.pointerType === 'mouse') return;
      // A touch tap: two within doubleTapMs near each other buy the bit (double-tap).
      const now = performance.now();
      if (this.lastTap && now - this.lastTap.at < doubleTapMs && Math.hypot(press.x - this.lastTap.x, press.y - this.lastTap.y) < tapSlopPx * 3) {
        this.lastTap = null;
        const bit = bitAt(this.view, press.x, press.y);
        if (bit) this.events.onBuy(bit);
      } else {
        this.lastTap = { at: now, x: press.x, y: press.y };
      }
    };
    this.on('pointerup', end);
    this.on('pointercancel', end);
    this.on('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && !this.keyboardCursor && this.pointers.size === 0) this.updateCursor(-1, -1);
    });

    this.on('dblclick', (e) => {
      const p = this.local(e);
      const bit = bitAt(this.view, p.x, p.y);
      if (bit) this.events.onBuy(bit);
    });

    this.on('focus', () => {
      this.keyboardCursor = true;
      this.updateCursor(this.width / 2, this.height / 2);
    });
    this.on('blur', () => {
      if (this.keyboardCursor) this.updateCursor(-1, -1);
      this.keyboardCursor = false;
    });

    this.on('keydown', (e) => {
      const action = keyAction(e.key, e.shiftKey);
      if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      this.keyboardCursor = true;
      if (action.kind === 'pan') this.setView(panBy(this.view, action.dx, action.dy, this.width, this.height));
      else if (action.kind === 'zoom') this.zoomStep(action.direction);
      else {
        const bit = bitAt(this.view, this.width / 2, this.height / 2);
        if (bit) this.events.onBuy(bit);
      }
      this.updateCursor(this.width / 2, this.height / 2);
    });
  }

  private cancelPress(): void {
    if (this.press) window.clearTimeout(this.press.timer);
    this.press = null;
  }
}
