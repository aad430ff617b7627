import type postgres from 'postgres';
import { isConnectionError, neverSent } from './connection-errors';
import { OutcomeUnknownError } from './outcome-unknown';
import { beginPipelined } from './pipelined-transaction';

export { isConnectionError } from './connection-errors';

/**
 * A plain SELECT writes nothing, so running it again is always safe. Anything else (INSERT,
 * UPDATE, DELETE, a data-modifying WITH, SELECT ... FOR UPDATE) counts as a write; a wrong
 * "write" only costs a retry, a wrong "read" could apply a change twice, so the test is strict.
 */
export function isReadOnlyStatement(query: string): boolean {
  return /^\s*(select|with)\b/i.test(query) && !/\b(insert|update|delete|merge|nextval|setval)\b/i.test(query);
}

/**
 * Wraps the postgres.js client so a restarted database does not cost a player a request, without
 * ever applying a change twice:
 *
 * - A transaction is run again after a connection error only if the error came before COMMIT was
 *   sent. Until our callback has finished, no COMMIT has been sent, and PostgreSQL rolls
 *   back a transaction whose connection dies, so nothing of it was saved. Once the callback has
 *   finished, COMMIT is on its way (pipelined-transaction.ts): a connection error from then on may
 *   hide a commit that succeeded, so it becomes an OutcomeUnknownError (503) and the idempotency key
 *   makes the player's retry safe.
 * - A single statement outside a transaction commits by itself. It is run again if it is a read
 *   (see isReadOnlyStatement), or if its error proves it was never sent (neverSentCodes). A write
 *   that may have been sent is not repeated: OutcomeUnknownError.
 * Statements inside a transaction use the transaction's own client and are not retried alone.
 */
export function withReconnect(
  client: postgres.Sql,
  options: { poolSize?: number; prepare?: boolean } = {},
): postgres.Sql {
  // A restart kills every pooled connection at once, and the pool learns of each death only when
  // it is used: a retry may land on another dead one. Each failed try retires its connection, so
  // pool size + 1 tries always reach a fresh one. A database that refuses or cannot be reached is
  // tried twice, as before: more would only make the player wait for the same answer.
  const pooled = (options.poolSize ?? 10) + 1;
  const tries = (error: unknown) => (neverSent(error) ? 2 : pooled);
  const runStatement = async <T>(query: string, run: () => PromiseLike<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        if (!(isReadOnlyStatement(query) || neverSent(error))) throw new OutcomeUnknownError(error);
        if (attempt >= tries(error)) throw error;
      }
    }
  };

  const runTransaction = async (args: unknown[]): Promise<unknown> => {
    const beginOptions = args.length > 1 ? String(args[0]) : '';
    const callback = args[args.length - 1] as (sql: postgres.TransactionSql) => unknown;
    const attempt = async () => {
      let commitSent = false;
      try {
        // BEGIN leaves with the first statement, COMMIT with what the work queued for it (ADR 078).
        return await beginPipelined(client, beginOptions, callback, {
          prepare: options.prepare ?? true,
          onCommitSent: () => (commitSent = true),
        });
      } catch (error) {
        if (commitSent && isConnectionError(error)) throw new OutcomeUnknownError(error);
        throw error;
      }
    };
    for (let tried = 1; ; tried++) {
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof OutcomeUnknownError || !isConnectionError(error) || tried >= tries(error)) throw error;
      }
    }
  };

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        // postgres.js queries run when awaited; drizzle awaits either the query or its .values().
        return (query: string, params?: never[], options?: never) => {
          let asValues = false;
          const run = () =>
            asValues ? target.unsafe(query, params, options).values() : target.unsafe(query, params, options);
          const lazy = {
            values() {
              asValues = true;
              return lazy;
            },
            then<A, B>(ok?: (v: unknown) => A, fail?: (e: unknown) => B) {
              return runStatement<unknown>(query, run).then(ok, fail);
            },
          };
          return lazy;
        };
      }
      if (property === 'begin') return (...args: unknown[]) => runTransaction(args);
      return Reflect.get(target, property, receiver);
    },
  });
}
