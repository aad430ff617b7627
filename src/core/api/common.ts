import { z } from 'zod';
import { texts } from '../texts';

/**
 * Characters no text field accepts: C0/C1 controls (NUL, line breaks, escapes) and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) plus the bare marks
 * U+200E/U+200F/U+061C that flip how a line reads. Refused, never stripped, so what is stored
 * is exactly what was sent (docs/operations.md, "Text input").
 */
export const forbiddenTextCharacters = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Every text field of every contract: a string without control or bidi characters (400 otherwise). */
export const PlainText = z
  .string()
  .refine((s) => !forbiddenTextCharacters.test(s), { message: texts.controlCharacters });

/** A serial (int4) row id: 1 to 2^31−1, so no id reaches the database out of its column's range. */
export const RowId = z.int().min(1).max(2_147_483_647);

/**
 * A whole number in a query string or path: decimal digits only (no blank, sign, exponent or hex that
 * `Number()` would read), then checked against `schema` like the same number in a body.
 */
export function queryInt<S extends z.ZodType<number, number>>(schema: S) {
  return z
    .string()
    .regex(/^[0-9]{1,16}$/, { message: texts.wholeNumberExpected })
    .transform(Number)
    .pipe(schema);
}

/** A row id as a query parameter. */
export const IdParam = queryInt(RowId);

/** A JSON error body: every 4xx carries a message a player can read. */
export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A whole, non-negative, safe integer (rejects NaN, Infinity, fractions, negatives and 2^53+1). */
export const Count = z.int().min(0);

/** The signed-in player as the server tells it (spec §3 User). */
export const User = z.object({
  id: z.int(),
  loginId: z.string(),
  username: z.string(),
  level: z.int(),
  currentExp: z.int(),
  maxExp: z.int(),
  totalTaps: z.int(),
  telnet: z.int(),
  attack: z.int(),
  criticalRate: z.number(),
  bonusCriticalHit: z.number(),
  connectionRate: z.number(),
  itemDropRate: z.number(),
  /** A moderator renamed the player (ADR 060): they must choose a new username before playing on. */
  renameRequired: z.literal(true).optional(),
});
export type User = z.infer<typeof User>;

/** The body of a POST that takes no fields: `{}`, or no body at all (the validator reads it as undefined). */
export const NoFields = z.strictObject({}).optional().describe('No fields: send {} or no body.');

/** Bytes, whole or as a stream of slices. */
export type Bytes = Uint8Array | AsyncIterable<Uint8Array>;

const isBytes = (value: unknown): value is Bytes =>
  value instanceof Uint8Array || (typeof value === 'object' && value !== null && Symbol.asyncIterator in value);

/**
 * An answer sent as bytes, not JSON (the Kernel's snapshot frame, a season's PNG), with its media type. The
 * server sends a Buffer or a stream, which Fastify writes as it is (no serializer, no JSON); the schema tells
 * the route walk and the OpenAPI document what the bytes are.
 */
export function binaryAnswer(mediaType: string, description: string) {
  return z.custom<Bytes>(isBytes).meta({ description, contentMediaType: mediaType });
}

/** The media type of an answer declared with `binaryAnswer`, or null for a JSON answer. */
export function binaryMediaTypeOf(schema: z.ZodType): string | null {
  const mediaType = schema.meta()?.contentMediaType;
  return typeof mediaType === 'string' ? mediaType : null;
}
