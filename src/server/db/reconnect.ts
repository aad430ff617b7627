import type postgres from 'postgres';

// Errors that mean "this connection is dead", not "this statement is wrong": the server was
// restarted or cut us off (57P01-57P03), or the socket closed under an idle pooled connection.
const connectionErrorCodes = new Set([
  '57P01', '57P02', '57P03', '08000', '08003', '08006',
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE',
]);

export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return typeof code === 'string' && connectionErrorCodes.has(code);
}

/**
 * Wraps the postgres.js client so a statement or transaction that fails only because its pooled
 * connection had died is run once more on a fresh one. A failed transaction was rolled back, so
 * running it again is what the caller would do; tap batches are idempotent by their keys.
 * Statements inside a transaction use the transaction's own client and are not retried alone.
 */
export function withReconnect(client: postgres.Sql): postgres.Sql {
  const retryOnce = async <T>(run: () => PromiseLike<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      return run();
    }
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        // postgres.js queries run when awaited; drizzle awaits either the query or its .values().
        return (query: string, params?: never[], options?: never) => {
          let asValues = false;
          const run = () => (asValues ? target.unsafe(query, params, options).values() : target.unsafe(query, params, options));
          const lazy = {
            values() {
              asValues = true;
              return lazy;
            },
            then<A, B>(ok?: (v: unknown) => A, fail?: (e: unknown) => B) {
              return retryOnce<unknown>(run).then(ok, fail);
            },
          };
          return lazy;
        };
      }
      if (property === 'begin') {
        return (...args: unknown[]) => retryOnce(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args));
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
