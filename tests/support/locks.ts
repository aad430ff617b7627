import type { Database, Tx } from '../../src/server/db/connect';

/**
 * Lock-order tests on PostgreSQL: a transaction held open at a chosen point, and waits for the
 * condition "n sessions are blocked on a lock" read from pg_stat_activity, never for time.
 */

export interface HeldTransaction {
  /** Ends the held transaction (rolled back: it only ever holds locks) and waits for its end. */
  release(): Promise<void>;
}

class Released extends Error {}

/** Runs `take` in a transaction on its own connection and keeps that transaction open until release(). */
export async function holdTransaction(database: Database, take: (tx: Tx) => Promise<unknown>): Promise<HeldTransaction> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  let failed!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => ((taken = resolve), (failed = reject)));
  const ended = database.db
    .transaction(async (tx) => {
      await take(tx);
      taken();
      await released;
      throw new Released();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Released)) failed(error);
    });
  await ready;
  return {
    async release() {
      release();
      await ended;
    },
  };
}

/** How many sessions of this database are waiting for a lock right now. */
export async function lockWaiters(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return Number(row!.n);
}

/** Resolves once at least `count` sessions wait for a lock; throws after `boundMs` (a bound, not a sleep). */
export async function untilLockWaiters(database: Database, count: number, boundMs = 20_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while ((await lockWaiters(database)) < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} sessions ever waited for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Which comes first: `work` settles, or `count` sessions are seen waiting for a lock. A statement
 * that should never wait is shown to wait (or not) without timing it.
 */
export async function settlesOrWaits<T>(database: Database, work: Promise<T>, count: number): Promise<{ kind: 'settled'; value: T } | { kind: 'waits' }> {
  let settled = false;
  const done = work.then((value) => {
    settled = true;
    return { kind: 'settled' as const, value };
  });
  const waits = (async () => {
    while (!settled) {
      if ((await lockWaiters(database)) >= count) return { kind: 'waits' as const };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return done;
  })();
  return Promise.race([done, waits]);
}
