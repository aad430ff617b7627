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
 * Fan-out in slices (issue 13 item 5: a chat line to 2,000 sockets held the event loop for tens of
 * milliseconds, so the sender's POST waited for every other tab). Events wait in one FIFO queue, so
 * every target sees them in publish order; each turn sends at most `sliceSize` frames and then
 * yields, so other work (the sender's answer, other requests, pings) runs between slices. Nothing is
 * sent in the turn that enqueues: the publishing request answers first.
 */
export function createDeliveryQueue<T>(deps: DeliveryQueueDeps<T>) {
  const queue: Array<{ delivery: Delivery<T>; next: number }> = [];
  let scheduled = false;
  let idleWaiters: Array<() => void> = [];

  function pump(): void {
    scheduled = false;
    let budget = deps.sliceSize;
    while (budget > 0 && queue.length > 0) {
      const job = queue[0]!;
      const { targets, frame, after } = job.delivery;
      const end = Math.min(targets.length, job.next + budget);
      for (let i = job.next; i < end; i++) {
        deps.send(targets[i]!, frame);
        after?.(targets[i]!);
      }
      budget -= end - job.next;
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

  return {
    enqueue(delivery: Delivery<T>): void {
      queue.push({ delivery, next: 0 });
      schedule();
    },
    /** Events not yet handed to all their targets. */
    pending: () => queue.length,
    /** Resolves once every event queued so far has reached its targets. */
    drained(): Promise<void> {
      if (queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Drops what is still queued (shutdown: the sockets are closing anyway). */
    clear(): void {
      queue.length = 0;
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    },
  };
}
