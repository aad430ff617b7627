const doubleTapMs = 320;
const longPressMs = 500;
const tapSlopPx = 10;

type Point = { x: number; y: number };

/** What the gestures do to the Kernel's view, in canvas coordinates (CSS pixels). */
export interface GestureTarget {
  /** A pointer went down: the keyboard cursor gives way and the view is the player's own now. */
  started(): void;
  pan(dx: number, dy: number): void;
  /** Multiplies the zoom by `factor` about a point. */
  zoomBy(factor: number, at: Point): void;
  /** Points at the bit under a point (the info line shows it). */
  hover(at: Point): void;
  /** Buys the bit under a point. */
  buy(at: Point): void;
}

/**
 * Pointer gestures on the Kernel canvas: drag to pan, pinch to zoom, and on touch a tap points at a bit,
 * a long press too, and a double tap buys it (ADR 066). A mouse hovers and pans; its double-click is the
 * browser's own dblclick, handled by the view.
 */
export class KernelGestures {
  private readonly pointers = new Map<number, Point>();
  private pinchDistance = 0;
  private press: { id: number; x: number; y: number; moved: boolean; timer: number } | null = null;
  private lastTap: { at: number; x: number; y: number } | null = null;

  constructor(private readonly target: GestureTarget) {}

  /** Whether a pointer is down (a focus then is the tap's, not the keyboard's). */
  get active(): boolean {
    return this.pointers.size > 0;
  }

  down(e: PointerEvent, p: Point): void {
    this.pointers.set(e.pointerId, p);
    this.target.started();
    if (this.pointers.size === 2) {
      this.pinchDistance = this.spread();
      this.cancelPress();
      return;
    }
    const timer = e.pointerType === 'mouse' ? 0 : window.setTimeout(() => this.target.hover(p), longPressMs);
    this.press = { id: e.pointerId, x: p.x, y: p.y, moved: false, timer };
  }

  move(e: PointerEvent, p: Point): void {
    const last = this.pointers.get(e.pointerId);
    if (!last) {
      if (e.pointerType === 'mouse') this.target.hover(p);
      return;
    }
    this.pointers.set(e.pointerId, p);
    if (this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = this.spread();
      if (this.pinchDistance > 0)
        this.target.zoomBy(distance / this.pinchDistance, { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 });
      this.pinchDistance = distance;
      return;
    }
    if (this.press && Math.hypot(p.x - this.press.x, p.y - this.press.y) > tapSlopPx) {
      this.press.moved = true;
      window.clearTimeout(this.press.timer);
    }
    if (!this.press || this.press.moved) this.target.pan(p.x - last.x, p.y - last.y);
    if (e.pointerType === 'mouse') this.target.hover(p);
  }

  end(e: PointerEvent): void {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinchDistance = 0;
    const press = this.press;
    if (!press || press.id !== e.pointerId) return;
    this.cancelPress();
    if (press.moved || e.type === 'pointercancel' || e.pointerType === 'mouse') return;
    // A touch tap points at the bit under the finger (the info line shows that bit, ADR 066);
    // two within doubleTapMs near each other buy it (double-tap).
    this.target.hover(press);
    const now = performance.now();
    if (
      this.lastTap &&
      now - this.lastTap.at < doubleTapMs &&
      Math.hypot(press.x - this.lastTap.x, press.y - this.lastTap.y) < tapSlopPx * 3
    ) {
      this.lastTap = null;
      this.target.buy(press);
    } else {
      this.lastTap = { at: now, x: press.x, y: press.y };
    }
  }

  cancelPress(): void {
    if (this.press) window.clearTimeout(this.press.timer);
    this.press = null;
  }

  private spread(): number {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a!.x - b!.x, a!.y - b!.y);
  }
}
