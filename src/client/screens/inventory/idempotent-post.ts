import type { z } from 'zod';
import type { ApiClient } from '../../lib/api';

/**
 * One key per player action (make it when the player acts, not per attempt): the server applies a
 * destroy, an opening, a listing, a purchase or a removal once however often the call arrives.
 * MERGE NOTE: helper "idem" adds newIdempotencyKey() to lib/api; this becomes a re-export of it.
 */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST with an Idempotency-Key header (issue 7: every spending or moving POST carries one).
 * MERGE NOTE: helper "idem" gives api.post a 4th parameter { idempotencyKey }; the cast passes it
 * already, so the header is sent as soon as that lands. Then drop the cast and call api.post directly.
 */
export function postIdempotent<T>(api: ApiClient, path: string, body: unknown, schema: z.ZodType<T>, idempotencyKey: string): Promise<T> {
  const keyed = api as unknown as {
    post(path: string, body: unknown, schema: z.ZodType<T>, options: { idempotencyKey: string }): Promise<T>;
  };
  return keyed.post(path, body, schema, { idempotencyKey });
}
