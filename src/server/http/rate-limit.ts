/**
 * A fixed-window counter per key, in this process's memory. Used for login attempts: behind a
 * load balancer each instance counts its own share, which still bounds guessing to
 * instances × limit per window (docs/decisions/003-login-rate-limit.md).
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { startedAtMs: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt for `key`; false once the window's limit is passed. */
  hit(key: string): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.startedAtMs >= this.windowMs) {
      this.windows.set(key, { startedAtMs: now, count: 1 });
      this.sweep(now);
      return true;
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  // Keeps memory bounded under a spray of distinct keys.
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (now - w.startedAtMs >= this.windowMs) this.windows.delete(key);
  }
}
