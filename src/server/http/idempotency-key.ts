import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyKey, idempotencyKeyHeader } from '../../core/api/idempotency';
import { texts } from '../../core/texts';
import { HttpError } from './errors';

const headerName = idempotencyKeyHeader.toLowerCase();

/**
 * The Idempotency-Key every spending route needs, or a 400 before anything runs. Call it first in
 * the handler: `const key = requireIdempotencyKey(request)`. A repeated header arrives joined with
 * ", " and is refused as malformed.
 */
export function requireIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[headerName];
  if (value === undefined || value === '') throw new HttpError(400, texts.idempotencyKeyMissing);
  const parsed = IdempotencyKey.safeParse(value);
  if (!parsed.success) throw new HttpError(400, texts.idempotencyKeyMalformed);
  return parsed.data;
}

/**
 * Sends what runIdempotent answered: its status and body, and `Idempotent-Replayed: true` when
 * the answer was read back from the first request with this key.
 */
export function sendOutcome(
  reply: FastifyReply,
  outcome: { statusCode: number; body: unknown; replayed: boolean },
): FastifyReply {
  if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.status(outcome.statusCode).send(outcome.body);
}
