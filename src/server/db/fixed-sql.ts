import type { Executor } from './connect';

/**
 * Runs a statement whose text never changes, as written, on the connection the executor (the database
 * or a transaction) runs on, with no Drizzle building (ADR 078): Drizzle's building was a fifth to a
 * quarter of a worker's busy time, mostly its per-value type checks, for texts that are the same on
 * every call. The statement goes through the same client Drizzle would use, so it is prepared when
 * Drizzle's would be (prepared.ts, `prepare=false` behind an old PgBouncer), runs in the transaction
 * or savepoint the executor stands for (pipelined-transaction.ts), and is retried as reconnect.ts says.
 *
 * Rows come back as the driver gives them, keyed by column name: an int8 may be a string (postgres.js)
 * or a number, so callers convert what they read with Number(); a timestamp is left to Drizzle's builders.
 */
export async function fixedRows<Row>(executor: Executor, text: string, params: readonly unknown[]): Promise<Row[]> {
  const client = (executor as unknown as { session: { client: FixedClient } }).session.client;
  if (typeof client.unsafe === 'function') {
    return (await client.unsafe(text, params as unknown[])) as Row[];
  }
  return ((await client.query!(text, params as unknown[])) as { rows: Row[] }).rows;
}

/** The two clients Drizzle's sessions hold: postgres.js (or our transaction handle), or PGlite. */
interface FixedClient {
  unsafe?: (text: string, params: unknown[]) => PromiseLike<unknown>;
  query?: (text: string, params: unknown[]) => Promise<unknown>;
}
