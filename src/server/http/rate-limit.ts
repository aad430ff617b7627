/**
 * A fixed-window counter per key, in this process's memory: what a declared limit counts on when the
 * process is alone, or while the shared counters cannot answer (ADR 045). Routes never build one:
 * they declare a limit (src/server/http/limits.ts).
 *
 * The work per call is constant: expired windows are swept by a timer (never by a request), and the
 * map holds at most `maxKeys` keys, evicting the oldest window first, so a spray of distinct keys can
 * neither grow memory nor make every request walk the map.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { startedAtMs: number; count: number }>();
  private sweepTimer: ReturnType<typeof setInterval> | null = null;
  /** How many sweeps have walked the map (tests: sweeping is per timer tick, not per request). */
  sweeps = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one attempt for `key`; false once the window's limit is passed. */
  hit(key: string): boolean {
    const window = this.current(key);
    if (!window) {
      this.start(key, 1);
      return 1 <= this.limit;
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  /** Whether `key` has used up its window, without counting an attempt. */
  isExhausted(key: string): boolean {
    const window = this.current(key);
    return window !== null && window.count >= this.limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  /** Drops expired windows; the timer calls it, tests may too. */
  sweep(): void {
    this.sweeps += 1;
    const now = this.now();
    for (const [key, w] of this.windows) if (now - w.startedAtMs >= this.windowMs) this.windows.delete(key);
  }

  /** Sweeps every `everyMs` on an unref'd timer (it never keeps the process alive); stop() ends it. */
  startSweeping(everyMs = Math.min(this.windowMs, 60_000)): this {
    this.sweepTimer ??= setInterval(() => this.sweep(), everyMs);
    this.sweepTimer.unref();
    return this;
  }

  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }

  private current(key: string): { startedAtMs: number; count: number } | null {
    const window = this.windows.get(key);
    if (!window) return null;
    if (this.now() - window.startedAtMs < this.windowMs) return window;
    this.windows.delete(key);
    return null;
  }

  private start(key: string, count: number): void {
    // Map order is insertion order: the first key is the oldest window, evicted at the cap.
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
    this.windows.set(key, { startedAtMs: this.now(), count });
  }
}
