/**
 * Group commit: requests that arrive while a transaction is running wait and are committed
 * together in the next one, so the database sees one commit for many players' requests.
 * Each caller's promise settles only after its group commits: a success still means committed.
 * If a group fails, each of its requests is retried alone so one bad request cannot sink the rest.
 */
export interface GroupCommitter<I, O> {
  submit(item: I): Promise<O>;
  /** Resolves once nothing is queued or running (for clean shutdown). */
  drain(): Promise<void>;
}

export function createGroupCommitter<I, O>(
  commitGroup: (items: I[]) => Promise<O[]>,
  options: { maxGroupSize: number; maxConcurrentGroups: number; onGroup?: (size: number) => void },
): GroupCommitter<I, O> {
  type Pending = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  const queue: Pending[] = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  async function runGroup(group: Pending[]): Promise<void> {
    try {
      const outputs = await commitGroup(group.map((p) => p.item));
      group.forEach((p, i) => p.resolve(outputs[i]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      for (const p of group) {
        try {
          const [output] = await commitGroup([p.item]);
          p.resolve(output!);
        } catch (single) {
          p.reject(single);
        }
      }
    }
  }

  let scheduled = false;
  // A group starting from idle waits one turn of the event loop, so requests read from the
  // sockets in the same turn join it. Without this, PGlite (which commits without yielding) and
  // a lightly loaded PostgreSQL pay one whole transaction per request.
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  function pump(): void {
    while (running < options.maxConcurrentGroups && queue.length > 0) {
      const group = queue.splice(0, options.maxGroupSize);
      options.onGroup?.(group.length);
      running += 1;
      void runGroup(group).finally(() => {
        running -= 1;
        if (running === 0 && queue.length === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          waiters.forEach((w) => w());
        }
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    drain() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
