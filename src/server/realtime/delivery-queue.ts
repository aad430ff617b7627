/** Runs `run` on a later turn of the event loop (setImmediate in the hub, by hand in tests). */
export type Yield = (run: () => void) => void;

export interface DeliveryQueueDeps<T> {
  /** Sends per slice, across events: the event loop is given back between slices. */
  sliceSize: number;
  later: Yield;
  /** Hands one event's frame (serialised once: `frame`) to one target. */
  send(target: T, frame: string): void;
  /** Told when an event has been handed to its last target (metrics, the bench, tests). */
  onDone?(done: Delivery<T>): void;
  /** Frames (one event to one target) that may wait at once; past it the queue is cut short. */
  maxPendingFrames: number;
  /** The one event that replaces what was dropped: the stream's interruption, so each target resynchronises. */
  interruption(targets: readonly T[]): Delivery<T>;
  /** Told how many events were dropped when the cap was reached (the log). */
  onOverflow?(droppedEvents: number, interruptedTargets: number): void;
}

export interface Delivery<T> {
  /** What the event is, for whoever watches onDone: its type and data. */
  label: string;
  data?: unknown;
  frame: string;
  targets: readonly T[];
  /** Run on each target right after its send (session.ended closes the socket). */
  after?: (target: T) => void;
}

/**
 * Fan-out in slices (A chat line to 2,000 sockets held the event loop for tens of
 * milliseconds, so the sender's POST waited for every other tab). Events wait in one FIFO queue, so
 * every target sees them in publish order; each turn sends at most `sliceSize` frames and then
 * yields, so other work (the sender's answer, other requests, pings) runs between slices. Nothing is
 * sent in the turn that enqueues: the publishing request answers first.
 */
export function createDeliveryQueue<T>(deps: DeliveryQueueDeps<T>) {
  const queue = createFifo<{ delivery: Delivery<T>; next: number }>();
  // Frames still to send: the remaining targets of every queued event.
  let pendingFrames = 0;
  let scheduled = false;
  let idleWaiters: Array<() => void> = [];

  function pump(): void {
    scheduled = false;
    let budget = deps.sliceSize;
    while (budget > 0 && queue.length > 0) {
      const job = queue.peek()!;
      const { targets, frame, after } = job.delivery;
      const end = Math.min(targets.length, job.next + budget);
      for (let i = job.next; i < end; i++) {
        deps.send(targets[i]!, frame);
        after?.(targets[i]!);
      }
      budget -= end - job.next;
      pendingFrames -= end - job.next;
      job.next = end;
      if (job.next < targets.length) break;
      queue.shift();
      deps.onDone?.(job.delivery);
    }
    if (queue.length > 0) schedule();
    else {
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    deps.later(pump);
  }

  function push(delivery: Delivery<T>, next = 0): void {
    queue.push({ delivery, next });
    pendingFrames += delivery.targets.length - next;
  }

  /**
   * Past the cap (sockets that cannot be served as fast as events arrive) the queued events are dropped
   * and every socket that would have had one gets the stream's interruption instead: it refetches what
   * the stream covers, as after a gap or a reconnect. Events with an after-step (session.ended closes
   * the socket) are kept: dropping one would leave a signed-out tab connected.
   */
  function overflow(incoming: Delivery<T>): void {
    const jobs = [...queue.drain(), { delivery: incoming, next: 0 }];
    pendingFrames = 0;
    const interrupted = new Set<T>();
    let dropped = 0;
    for (const job of jobs) {
      if (job.delivery.after) push(job.delivery, job.next);
      else {
        dropped += 1;
        for (let i = job.next; i < job.delivery.targets.length; i++) interrupted.add(job.delivery.targets[i]!);
      }
    }
    if (interrupted.size > 0) push(deps.interruption([...interrupted]));
    deps.onOverflow?.(dropped, interrupted.size);
  }

  return {
    enqueue(delivery: Delivery<T>): void {
      // An event alone in the queue is always kept: the cap bounds a backlog, not one event's audience.
      if (queue.length > 0 && pendingFrames + delivery.targets.length > deps.maxPendingFrames) overflow(delivery);
      else push(delivery);
      schedule();
    },
    /** Events not yet handed to all their targets. */
    pending: () => queue.length,
    /** Frames not yet sent (one event to one target each). */
    pendingFrames: () => pendingFrames,
    /** Resolves once every event queued so far has reached its targets. */
    drained(): Promise<void> {
      if (queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Drops what is still queued (shutdown: the sockets are closing anyway). */
    clear(): void {
      queue.drain();
      pendingFrames = 0;
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    },
  };
}

/** A first-in first-out queue with O(1) push and shift (a head index; the array is compacted as the head moves on). */
function createFifo<V>() {
  let items: V[] = [];
  let head = 0;
  return {
    get length() {
      return items.length - head;
    },
    push(item: V): void {
      items.push(item);
    },
    peek: (): V | undefined => items[head],
    shift(): V | undefined {
      if (head >= items.length) return undefined;
      const item = items[head]!;
      // The slot lets go of the item so a long-lived queue holds no delivered events.
      items[head] = undefined as V;
      head += 1;
      // Compact once the dead prefix is half the array: each item is copied at most once more (amortised O(1)).
      if (head >= 1024 && head * 2 >= items.length) {
        items = items.slice(head);
        head = 0;
      }
      return item;
    },
    /** Empties the queue, returning what was in it, oldest first. */
    drain(): V[] {
      const rest = items.slice(head);
      items = [];
      head = 0;
      return rest;
    },
  };
}
