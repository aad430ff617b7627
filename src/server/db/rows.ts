/**
 * The rows of a raw `tx.execute(sql...)`: postgres.js answers with an array, PGlite with
 * `{ rows }`. Raw statements are for what drizzle's builder cannot say (UPDATE ... FROM VALUES).
 */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
