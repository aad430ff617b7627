import type postgres from 'postgres';
import { connectionGone, isConnectionError } from './connection-errors';

/**
 * A transaction that waits for no reply it does not need (ADR 078, as ADR 042 planned).
 *
 * postgres.js's own `begin` awaits BEGIN before it runs the callback, awaits SAVEPOINT before a
 * savepoint's callback and RELEASE after it: each one a round trip of its own, and on this server a
 * round trip costs ~200 µs of CPU whatever it carries. Here the transaction runs on a reserved
 * connection and those statements are queued without waiting: postgres.js writes everything queued
 * in one turn of the event loop as one packet, so BEGIN leaves with the first statement, SAVEPOINT
 * with the savepoint's first statement, RELEASE with the parent's next one. Statements handed to
 * `sendWithCommit` leave with COMMIT.
 *
 * What keeps this as safe as waiting:
 * - PostgreSQL runs a connection's statements in order, so nothing overtakes BEGIN or SAVEPOINT. If one
 *   of them fails, the transaction is aborted and every later statement fails too (25P02), which the
 *   callback sees; that error is then reported as the first failure it stands for.
 * - COMMIT's reply is checked: PostgreSQL answers COMMIT in an aborted transaction with ROLLBACK, and
 *   that is an error here, never a success.
 * - A savepoint whose callback fails is rolled back to (queued too), so the parent goes on in a healthy
 *   transaction: a failed job in the jobs runner's batch does not fail the batch.
 * - Once the connection is gone (a connection error, or postgres.js has closed it), nothing more is
 *   sent on it and it is not given back to the pool: postgres.js owns a closed connection again, may
 *   reconnect it for someone else, and a write on its closed socket throws from a timer and takes
 *   the process down (porsager/postgres #1154).
 */

/** What a statement helper gets: the postgres.js calls Drizzle makes on a transaction's client. */
interface Handle {
  unsafe(text: string, params?: unknown[], options?: postgres.UnsafeQueryOptions): Lazy;
  savepoint(...args: unknown[]): Promise<unknown>;
  [withCommit]?: (text: string, params: unknown[]) => void;
}

interface Lazy extends PromiseLike<unknown> {
  values(): Lazy;
}

const withCommit = Symbol('sendWithCommit');

/** The postgres.js connection a reserved handle runs on: only whether it is still ours is read. */
interface ConnectionState {
  reserved: unknown;
}

/**
 * Queues a statement to be sent with this transaction's COMMIT, in the same packet; true when the
 * handle runs such a transaction (then the statement's failure makes COMMIT fail), false when the
 * caller must run it itself (PGlite, a savepoint, or `prepare=false`).
 */
export function sendWithCommit(client: unknown, text: string, params: unknown[]): boolean {
  const send = (client as Partial<Handle> | undefined)?.[withCommit];
  if (typeof send !== 'function') return false;
  send(text, params);
  return true;
}

export interface PipelinedHooks {
  /** Whether statements sent with COMMIT are named prepared statements (false behind an old PgBouncer). */
  prepare: boolean;
  /** Called just before COMMIT is queued: from then on a lost connection may hide a commit. */
  onCommitSent(): void;
}

/** One transaction on one reserved connection: what it sent, what failed, whether the connection is still ours. */
class PipelinedTransaction {
  private connection: ConnectionState | undefined;
  private owner: unknown;
  private lost = false;
  private savepoints = 0;
  /** The first failure of a BEGIN / SAVEPOINT / RELEASE / ROLLBACK TO nobody waited for. */
  controlError: unknown;
  readonly atCommit: Array<{ text: string; params: unknown[] }> = [];

  constructor(readonly reserved: postgres.ReservedSql) {}

  /** False once the connection failed or postgres.js closed it (it then clears `reserved` in the same turn). */
  ours(): boolean {
    return !this.lost && (this.connection === undefined || this.connection.reserved === this.owner);
  }

  begin(options: string): void {
    void this.control(`begin ${options.replace(/[^a-z ]/gi, '')}`, {
      // postgres.js tells which connection ran the statement: enough to see later that it closed.
      onexecute: (c: ConnectionState) => {
        this.connection = c;
        this.owner = c.reserved;
        return true;
      },
    }).catch(() => {});
  }

  /** Sends a statement of our own now, without waiting; its failure is kept for the report. */
  control(text: string, queryOptions: Record<string, unknown> = {}): Promise<unknown> {
    if (!this.ours()) return Promise.reject(connectionGone());
    const query = this.reserved.unsafe(text, [], { prepare: false, ...queryOptions } as postgres.UnsafeQueryOptions);
    query.execute();
    const settled = Promise.resolve(query).then(undefined, (error: unknown) => {
      this.noteFailure(error);
      this.controlError ??= error;
      throw error;
    });
    settled.catch(() => {});
    return settled;
  }

  /** The work's statement: sent when awaited, as postgres.js does, and never on a connection that is gone. */
  statement(text: string, params: unknown[] = [], queryOptions?: postgres.UnsafeQueryOptions): Lazy {
    let asValues = false;
    const lazy: Lazy = {
      values() {
        asValues = true;
        return lazy;
      },
      then: (ok, fail) => {
        if (!this.ours()) return Promise.reject(connectionGone()).then(ok, fail);
        // Sent now, not a microtask later: what is queued before COMMIT must reach the wire before it.
        const query = this.reserved.unsafe(text, params as never[], queryOptions);
        if (asValues) query.values();
        query.execute();
        return Promise.resolve(query)
          .catch((error: unknown) => {
            this.noteFailure(error);
            throw this.reportable(error);
          })
          .then(ok, fail);
      },
    };
    return lazy;
  }

  /** What the work's code (Drizzle) gets: statements, savepoints, and at top level sendWithCommit. */
  handle(topLevel: boolean): Handle {
    return {
      unsafe: (text, params, options) => this.statement(text, params, options),
      savepoint: (...args: unknown[]) => this.savepoint(args[args.length - 1] as (sql: Handle) => unknown),
      ...(topLevel ? { [withCommit]: (text: string, params: unknown[]) => this.atCommit.push({ text, params }) } : {}),
    };
  }

  async savepoint(inner: (sql: Handle) => unknown): Promise<unknown> {
    const name = `s${++this.savepoints}`;
    void this.control(`savepoint ${name}`).catch(() => {});
    let value: unknown;
    try {
      value = await inner(this.handle(false));
    } catch (error) {
      if (this.ours()) void this.control(`rollback to savepoint ${name}`).catch(() => {});
      throw this.reportable(error);
    }
    void this.control(`release savepoint ${name}`).catch(() => {});
    return value;
  }

  /** A statement that failed only because an earlier BEGIN / SAVEPOINT / RELEASE failed reports that. */
  reportable(error: unknown): unknown {
    return (error as { code?: unknown }).code === '25P02' && this.controlError !== undefined
      ? this.controlError
      : error;
  }

  private noteFailure(error: unknown): void {
    if (isConnectionError(error)) this.lost = true;
  }
}

export async function beginPipelined(
  client: postgres.Sql,
  options: string,
  callback: (sql: postgres.TransactionSql) => unknown,
  hooks: PipelinedHooks,
): Promise<unknown> {
  const tx = new PipelinedTransaction(await client.reserve());
  tx.begin(options);
  let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await callback(tx.handle(true) as unknown as postgres.TransactionSql) };
  } catch (error) {
    outcome = { ok: false, error: tx.reportable(error) };
  }
  // No wait here (the old wrapper waited a turn for begin() to reject): `ours()` reads postgres.js's
  // own state, so RELEASE, the statements for COMMIT and COMMIT leave in one packet.
  if (!tx.ours()) throw outcome.ok || !isConnectionError(outcome.error) ? connectionGone() : outcome.error;
  if (!outcome.ok) {
    await tx.control('rollback').then(
      () => tx.reserved.release(),
      () => {},
    );
    throw outcome.error;
  }
  await commit(tx, hooks);
  return outcome.value;
}

/** Sends what was queued for COMMIT, then COMMIT, in one packet; throws unless PostgreSQL committed. */
async function commit(tx: PipelinedTransaction, hooks: PipelinedHooks): Promise<void> {
  // The executor runs at once, so each statement is queued before COMMIT is.
  const pending = tx.atCommit.map(
    ({ text, params }) =>
      new Promise((ok, fail) => tx.statement(text, params, { prepare: hooks.prepare }).then(ok, fail)),
  );
  // Their failures are read after COMMIT's answer; until then they must not count as unhandled (a crash in Node 20).
  for (const statement of pending) statement.catch(() => {});
  hooks.onCommitSent();
  let committed: boolean;
  try {
    committed = ((await tx.control('commit')) as { command?: string }).command === 'COMMIT';
  } catch (error) {
    // A COMMIT that failed on a live connection (a deferred constraint) has ended the transaction.
    if (tx.ours()) tx.reserved.release();
    throw error;
  }
  const failed = (await Promise.allSettled(pending)).find((r) => r.status === 'rejected');
  if (tx.ours()) tx.reserved.release();
  // PostgreSQL answers COMMIT in an aborted transaction with ROLLBACK.
  if (!committed || failed) {
    throw failed?.reason ?? tx.controlError ?? new Error('PostgreSQL rolled the transaction back at COMMIT');
  }
}

/**
 * sendWithCommit for a Drizzle transaction (its session's client is the handle above when the
 * transaction is one of ours): true when the statement will leave with COMMIT, false when the caller
 * must run it itself.
 */
export function queueWithCommit(tx: object, text: string, params: unknown[]): boolean {
  return sendWithCommit((tx as { session?: { client?: unknown } }).session?.client, text, params);
}
