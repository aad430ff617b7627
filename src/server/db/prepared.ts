import type postgres from 'postgres';

/**
 * Every statement Drizzle sends becomes a named prepared statement on its connection (ADR 078).
 *
 * Drizzle asks postgres.js for `prepare: false` unless a query was built with `.prepare(name)`. With
 * parameters and no prepared statement, postgres.js cannot know their types, so it first sends
 * Parse + Describe and waits for the answer before it sends Bind + Execute: two round trips per
 * statement, and nothing can be pipelined behind it. A prepared statement is described once per
 * connection and from then on costs one round trip, and PostgreSQL parses it once.
 *
 * The cache is per connection and keyed by the statement's text: hot paths already send texts that
 * do not depend on their data (param-sets.ts, ADR 042), and postgres.js retires connections after
 * 30–60 minutes (max_lifetime), which bounds what the rarer shapes add.
 */
export function alwaysPrepare<T extends postgres.Sql | postgres.TransactionSql>(sql: T): T {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, params?: never[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params, { ...options, prepare: true });
      }
      if (property === 'begin' || property === 'savepoint') {
        // The transaction's (or savepoint's) own handle is wrapped too: most statements run there.
        return (...args: unknown[]) => {
          const callback = args[args.length - 1] as (inner: postgres.TransactionSql) => unknown;
          const wrapped = (inner: postgres.TransactionSql) => callback(alwaysPrepare(inner));
          return (Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown)(
            ...args.slice(0, -1),
            wrapped,
          );
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
