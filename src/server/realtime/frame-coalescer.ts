/** Events that go out together as one frame, and the sockets that get exactly that frame. */
export interface FrameGroup<E, T> {
  events: readonly E[];
  targets: T[];
}

export interface FrameCoalescerDeps<E, T> {
  /** How long a window stays open after a frame; 0 sends every event at once, alone. */
  windowMs: number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Hands one frame's events to the delivery queue, for every target that gets exactly them. */
  emit(group: FrameGroup<E, T>): void;
}

/** The events one target has been given in the open window, in order; targets with the same events share one. */
interface Sequence<E> {
  events: E[];
  next: Map<E, Sequence<E>>;
}

/**
 * Coalesces events per target (ADR 084): each frame costs the server the same whatever it carries, and a busy
 * chat sent every socket a frame per line. An event arriving while no window is open goes out at once, alone,
 * and opens a window of `windowMs`; what arrives for a target while the window is open waits and goes out at
 * its end as one frame, in arrival order, and that flush opens the next window. So an idle stream adds no
 * delay, and a busy one sends each target at most one frame per window.
 *
 * Targets that got the same events share one sequence (a trie keyed by event), so a flush groups them
 * without comparing lists and the frame is built once per group, not per target.
 */
export function createFrameCoalescer<E, T>(deps: FrameCoalescerDeps<E, T>) {
  let root: Sequence<E> = { events: [], next: new Map() };
  let pending = new Map<T, Sequence<E>>();
  let timer: unknown = null;
  let idleWaiters: Array<() => void> = [];

  function settle(): void {
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  function flush(): void {
    timer = null;
    if (pending.size === 0) return settle();
    const groups = new Map<Sequence<E>, T[]>();
    for (const [target, sequence] of pending) {
      const group = groups.get(sequence);
      if (group) group.push(target);
      else groups.set(sequence, [target]);
    }
    pending = new Map();
    root = { events: [], next: new Map() };
    timer = deps.setTimer(flush, deps.windowMs);
    for (const [sequence, targets] of groups) deps.emit({ events: sequence.events, targets });
    settle();
  }

  return {
    /** One event for these targets (each once): sent now if no window is open, else at the window's end. */
    add(event: E, targets: readonly T[]): void {
      if (targets.length === 0) return;
      if (deps.windowMs <= 0 || timer === null) {
        deps.emit({ events: [event], targets: [...targets] });
        if (deps.windowMs > 0) timer = deps.setTimer(flush, deps.windowMs);
        return;
      }
      for (const target of targets) {
        const sequence = pending.get(target) ?? root;
        let next = sequence.next.get(event);
        if (!next) {
          next = { events: [...sequence.events, event], next: new Map() };
          sequence.next.set(event, next);
        }
        pending.set(target, next);
      }
    },

    /** Targets with events waiting for the window's end. */
    waiting: (): number => pending.size,

    /** Resolves once nothing waits for a window's end (at once when nothing does). */
    flushed(): Promise<void> {
      if (pending.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    /** Drops what waits and closes the window (shutdown: the sockets are closing anyway). */
    stop(): void {
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
      pending = new Map();
      root = { events: [], next: new Map() };
      settle();
    },
  };
}
