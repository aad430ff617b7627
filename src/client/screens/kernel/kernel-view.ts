import { balance } from '../../../core/balance';
import type { BitCoord } from '../../../core/rules/kernel';
import type { GridPixels } from '../../../core/rules/kernel-snapshot';
import { KernelImage } from './kernel-image';
import { drawBitLines, drawCursor, drawOwnOutlines } from './kernel-draw';
import { KernelGestures } from './kernel-gestures';
import {
  bitAt,
  centreBit,
  keyAction,
  openZoom,
  panBy,
  stepAbout,
  viewCentredOn,
  wheelFactor,
  zoomAbout,
  type View,
} from './kernel-model';
import type { UrlView } from './kernel-url';

const size = balance.gridSize;

export interface KernelViewEvents {
  /** A double-click, double-tap or Enter on a bit. */
  onBuy(bit: BitCoord): void;
  /** The bit the pointer (or the keyboard cursor, or a long press) points at; null when none. */
  onHover(bit: BitCoord | null): void;
  /** The zoom changed (for the label). */
  onZoom(zoom: number): void;
  /** The view moved or zoomed: the bit at its centre and the zoom (the URL and the minimap follow it). */
  onView?(view: UrlView): void;
}

/**
 * The Kernel canvas: an 800×800 offscreen image holding one pixel per bit, drawn
 * scaled onto the visible canvas only in frames where something changed. Pan, zoom and pushed bits
 * never touch React; the screen hears the zoom and the hovered bit through the callbacks.
 */
export class KernelView {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly image = new KernelImage();
  private view: View = { zoom: 1, offsetX: 0, offsetY: 0 };
  private width = 0;
  private height = 0;
  private frame = 0;
  private readonly gestures = new KernelGestures({
    started: () => {
      this.keyboardCursor = false;
      this.touched = true;
    },
    pan: (dx, dy) => this.setView(panBy(this.view, dx, dy, this.width, this.height)),
    zoomBy: (factor, at) => this.setView(zoomAbout(this.view, this.view.zoom * factor, at.x, at.y)),
    hover: (at) => this.updateCursor(at.x, at.y),
    buy: (at) => {
      const bit = bitAt(this.view, at.x, at.y);
      if (bit) this.events.onBuy(bit);
    },
  });
  private cursor: BitCoord | null = null;
  private keyboardCursor = false;
  /** The player's own bits, outlined (ADR 066). */
  private mine: BitCoord[] = [];
  /** Whether the player moved the view themselves (then the late "open on my bits" leaves it alone). */
  private touched = false;
  private readonly cleanup: (() => void)[] = [];
  /** Frame start times (ms), kept only while a bench asks for them. */
  frameTimes: number[] | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly events: KernelViewEvents,
    start: UrlView | null = null,
  ) {
    this.ctx = canvas.getContext('2d', { alpha: false })!;
    this.listen();
    this.resize();
    const at = start ?? { x: size / 2, y: size / 2, zoom: openZoom() };
    this.touched = start !== null;
    this.view = viewCentredOn(at.x, at.y, at.zoom, this.width, this.height);
    this.events.onZoom(this.view.zoom);
  }

  /** Replaces the whole picture (a snapshot arrived). */
  load(grid: GridPixels): void {
    this.image.load(grid);
    this.schedule();
  }

  /** Paints one bought bit. */
  paint(x: number, y: number, r: number, g: number, b: number): void {
    this.image.paint(x, y, r, g, b);
    this.schedule();
  }

  /** The colour shown at a bit (tests and the bench read pixels through the canvas instead). */
  colorAt(x: number, y: number): [number, number, number] {
    return this.image.colorAt(x, y);
  }

  /** The player's own bits, newest first (outlined; the first is where "my bits" jumps). */
  setMine(bits: readonly BitCoord[], openOnThem: boolean): void {
    this.mine = [...bits];
    if (openOnThem && !this.touched && bits[0]) this.centreOn(bits[0].x, bits[0].y, this.view.zoom);
    this.schedule();
  }

  /** A bit this player just bought. */
  addMine(bit: BitCoord): void {
    this.mine = [bit, ...this.mine.filter((b) => b.x !== bit.x || b.y !== bit.y)];
    this.schedule();
  }

  /** The one-pixel-per-bit picture (the minimap draws it small). */
  get imageCanvas(): HTMLCanvasElement {
    return this.image.canvas;
  }

  /** The bit at the centre of the view and the zoom. */
  current(): UrlView {
    return { ...centreBit(this.view, this.width, this.height), zoom: this.view.zoom };
  }

  /** What share of the grid is in sight (the minimap draws it), in grid bits. */
  visibleRect(): { x: number; y: number; w: number; h: number } {
    const v = this.view;
    return { x: -v.offsetX / v.zoom, y: -v.offsetY / v.zoom, w: this.width / v.zoom, h: this.height / v.zoom };
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
    this.setView(viewCentredOn(x, y, zoom, this.width, this.height));
  }

  /** Pans by screen pixels (the bench drives this). */
  panBy(dx: number, dy: number): void {
    this.setView(panBy(this.view, dx, dy, this.width, this.height));
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.gestures.cancelPress();
    for (const off of this.cleanup) off();
  }

  private setView(view: View): void {
    const zoomed = view.zoom !== this.view.zoom;
    this.view = view;
    if (zoomed) this.events.onZoom(view.zoom);
    this.events.onView?.(this.current());
    if (this.keyboardCursor) this.updateCursor(this.width / 2, this.height / 2);
    this.schedule();
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame((t) => this.draw(t));
  }

  private draw(time: number): void {
    this.frame = 0;
    this.frameTimes?.push(time);
    this.image.flush();
    const dpr = window.devicePixelRatio || 1;
    const { ctx, view } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#05070a';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.imageSmoothingEnabled = false;
    ctx.setTransform(dpr * view.zoom, 0, 0, dpr * view.zoom, dpr * view.offsetX, dpr * view.offsetY);
    ctx.drawImage(this.image.canvas, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (view.zoom >= 8) drawBitLines(ctx, view, this.width, this.height);
    if (this.mine.length > 0) drawOwnOutlines(ctx, view, this.width, this.height, this.mine);
    ctx.strokeStyle = '#12303a';
    ctx.lineWidth = 1;
    ctx.strokeRect(view.offsetX - 0.5, view.offsetY - 0.5, size * view.zoom + 1, size * view.zoom + 1);
    if (this.cursor) drawCursor(ctx, view, this.cursor);
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

  private on<K extends keyof HTMLElementEventMap>(
    type: K,
    handler: (e: HTMLElementEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ): void {
    this.canvas.addEventListener(type, handler as EventListener, options);
    this.cleanup.push(() => this.canvas.removeEventListener(type, handler as EventListener, options));
  }

  private listen(): void {
    const observer = new ResizeObserver(() => this.resize());
    observer.observe(this.canvas);
    this.cleanup.push(() => observer.disconnect());

    this.on(
      'wheel',
      (e) => {
        e.preventDefault();
        this.touched = true;
        const p = this.local(e);
        this.setView(zoomAbout(this.view, this.view.zoom * wheelFactor(e.deltaY, e.deltaMode), p.x, p.y));
      },
      { passive: false },
    );

    this.on('pointerdown', (e) => {
      this.canvas.setPointerCapture(e.pointerId);
      this.gestures.down(e, this.local(e));
    });
    this.on('pointermove', (e) => this.gestures.move(e, this.local(e)));
    this.on('pointerup', (e) => this.gestures.end(e));
    this.on('pointercancel', (e) => this.gestures.end(e));
    this.on('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && !this.keyboardCursor && !this.gestures.active) this.updateCursor(-1, -1);
    });

    this.on('dblclick', (e) => {
      const p = this.local(e);
      const bit = bitAt(this.view, p.x, p.y);
      if (bit) this.events.onBuy(bit);
    });

    this.on('focus', () => {
      // A tap focuses the canvas after its pointerup (the emulated mousedown): only keyboard focus
      // (focus-visible) puts the cursor at the centre, so the tapped bit stays in the info line (ADR 066).
      if (this.gestures.active || !this.canvas.matches(':focus-visible')) return;
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
      this.touched = true;
      if (action.kind === 'pan') this.setView(panBy(this.view, action.dx, action.dy, this.width, this.height));
      else if (action.kind === 'zoom') this.zoomStep(action.direction);
      else {
        const bit = bitAt(this.view, this.width / 2, this.height / 2);
        if (bit) this.events.onBuy(bit);
      }
      this.updateCursor(this.width / 2, this.height / 2);
    });
  }
}
