import { sql, type SQL } from 'drizzle-orm';

/**
 * Sets of values sent as one parameter, for the statements a group commit runs with a different
 * number of players each time. With `IN ($1, $2, …)` or `VALUES (…), (…)` every group size is a
 * new statement text: postgres.js prepares it again, PostgreSQL plans it again, and drizzle builds
 * one parameter per value (a measured 15 % of a tap-batch's CPU at peak). With one array or JSON
 * parameter the text never changes, so each connection prepares it once and the cost per value is
 * a few characters of text.
 */

/** Integers as one `int[]` parameter: use as `column = any(${intArray(ids)})`, or in unnest(). */
export function intArray(values: readonly number[]): SQL {
  return sql`${arrayLiteral(values)}::int[]`;
}

/** Integers as one `bigint[]` parameter (timestamps in ms, amounts). */
export function bigintArray(values: readonly number[]): SQL {
  return sql`${arrayLiteral(values)}::bigint[]`;
}

/** The parameter behind intArray and bigintArray, for fixed-text statements (fixed-sql.ts) that cast it themselves. */
export function arrayLiteral(values: readonly number[]): string {
  return `{${values.map(integerText).join(',')}}`;
}

/**
 * Rows as one `jsonb` parameter, for `jsonb_to_recordset(…) AS r(col type, …)`: the keys of each
 * object must be the column names the record definition gives.
 */
export function jsonRows(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}

// The array literal is built from text, so only safe integers may go in: anything else is a bug upstream.
function integerText(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`param-sets: ${value} is not a safe integer`);
  return String(value);
}
