import type { Database, Tx } from '../../src/server/db/connect';

/**
 * Lock-order tests on PostgreSQL: a transaction held open at a chosen point, and waits for the
 * condition "n sessions are blocked on a lock" read from pg_stat_activity, never for time.
 */

export interface HeldTransaction {
  /** Runs more work in the held transaction (e.g. a second lock, at a moment the test chooses). */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Ends the held transaction, rolled back unless `commit` (its writes then land at that moment), and waits for its end. */
  release(options?: { commit?: boolean }): Promise<void>;
}

class Released extends Error {}

type Step = {
  work: (tx: Tx) => Promise<unknown>;
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
};

/**
 * Runs `take` in a transaction on its own connection and keeps that transaction open until
 * release(); run() adds work to it meanwhile. Rejects if `take` fails (e.g. a deadlock).
 */
export async function holdTransaction(
  database: Database,
  take: (tx: Tx) => Promise<unknown>,
): Promise<HeldTransaction> {
  let commit = false;
  const steps: Array<Step | 'release'> = [];
  let wake: (() => void) | null = null;
  const push = (step: Step | 'release') => {
    steps.push(step);
    wake?.();
  };
  const next = async (): Promise<Step | 'release'> => {
    while (steps.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return steps.shift()!;
  };
  let taken!: () => void;
  let failed!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => ((taken = resolve), (failed = reject)));
  const ended = database.db
    .transaction(async (tx) => {
      await take(tx);
      taken();
      for (let step = await next(); step !== 'release'; step = await next()) {
        const current = step;
        await current.work(tx).then(
          (value) => current.settle({ ok: true, value }),
          (error: unknown) => {
            current.settle({ ok: false, error });
            throw error;
          },
        );
      }
      if (!commit) throw new Released();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Released)) failed(error);
    });
  await ready;
  return {
    run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) =>
        push({ work, settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)) }),
      );
    },
    async release(options = {}) {
      commit = options.commit ?? false;
      push('release');
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
export async function settlesOrWaits<T>(
  database: Database,
  work: Promise<T>,
  count: number,
): Promise<{ kind: 'settled'; value: T } | { kind: 'waits' }> {
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
