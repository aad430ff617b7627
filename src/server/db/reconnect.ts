import type postgres from 'postgres';
import { OutcomeUnknownError } from './outcome-unknown';

// Errors that mean "this connection is dead", not "this statement is wrong": the server was
// restarted or cut us off (57P01-57P03), or the socket closed under an idle pooled connection.
const connectionErrorCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);

// Errors raised before a statement can have reached a server session: no connection could be
// opened (refused, unresolvable, timed out) or the server refused the session at startup (57P03
// "cannot connect now"). postgres.js writes a query only on an established, authenticated
// connection, so a statement failing this way was never sent.
const neverSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  '57P03',
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** True for an error (or, drizzle-wrapped, its cause) that says the connection died. */
export function isConnectionError(error: unknown): boolean {
  return codesOf(error).some((code) => connectionErrorCodes.has(code));
}

function neverSent(error: unknown): boolean {
  return codesOf(error).some((code) => neverSentCodes.has(code));
}

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
 *   sent. Until our callback has finished, postgres.js has sent no COMMIT, and PostgreSQL rolls
 *   back a transaction whose connection dies, so nothing of it was saved. Once the callback has
 *   finished, COMMIT is on its way: a connection error from then on may hide a commit that
 *   succeeded, so it becomes an OutcomeUnknownError (503) and the idempotency key makes the
 *   player's retry safe. (If a statement failed inside and the callback swallowed it, postgres.js
 *   sends ROLLBACK instead; we still say "unknown", which is never wrong, only cautious.)
 * - A single statement outside a transaction commits by itself. It is run again if it is a read
 *   (see isReadOnlyStatement), or if its error proves it was never sent (neverSentCodes). A write
 *   that may have been sent is not repeated: OutcomeUnknownError.
 * Statements inside a transaction use the transaction's own client and are not retried alone.
 */
export function withReconnect(client: postgres.Sql, options: { poolSize?: number } = {}): postgres.Sql {
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
    const options = args.length > 1 ? [args[0]] : [];
    const callback = args[args.length - 1] as (sql: postgres.TransactionSql) => unknown;
    const attempt = async () => {
      let commitSent = false;
      let beginFailed = false;
      const begun = (client.begin as (...a: unknown[]) => Promise<unknown>)(
        ...options,
        async (sql: postgres.TransactionSql) => {
          let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
          try {
            outcome = { ok: true, value: await callback(sql) };
          } catch (error) {
            outcome = { ok: false, error };
          }
          // When the connection dies mid-transaction, postgres.js rejects begin() at once but still
          // writes ROLLBACK (or COMMIT) on the dead socket when this callback settles, and that
          // write throws from a setImmediate and takes the whole process down (porsager/postgres
          // #1154, #1208, unfixed in 3.4.9). One turn of the event loop lets a close already seen
          // reach begin(); if it has failed, this callback never settles: nothing more is written,
          // and the abandoned promise is garbage collected.
          await new Promise((resolve) => setImmediate(resolve));
          if (beginFailed) return new Promise(() => {});
          if (!outcome.ok) throw outcome.error;
          // postgres.js sends COMMIT as soon as this callback resolves.
          commitSent = true;
          return outcome.value;
        },
      );
      try {
        return await begun;
      } catch (error) {
        beginFailed = true;
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
