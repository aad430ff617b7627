import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { texts } from '../../core/texts';
import { isOutcomeUnknown } from '../db/outcome-unknown';

/** An error whose message a player may read: always a 4xx (or a deliberate status like 423). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Describes the first zod issue in words a player or client developer can act on. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.length ? issue.path.join('.') : 'body';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `Missing field: ${field}`;
  return `Invalid ${field}: ${issue.message}`;
}

/** Parses a request part against its schema, answering 400 with a clear message when it does not fit. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data;
}

/** The JSON 404 every unknown /api path (and everything, when no client is served) gets. */
export function notFoundBody(method: string, url: string): { message: string } {
  return { message: `Not found: ${method} ${url.split('?')[0]}` };
}

/**
 * The SQLSTATE of a data exception (class 22: a NUL byte in text, a number out of its column's range,
 * text that is no valid value of its type) in an error or its causes; null for anything else.
 */
export function dataExceptionCode(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
  }
  return null;
}

/** 4xx errors carry their message; 5xx details stay in the log and never reach a player. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.body });
    }
    if (isOutcomeUnknown(error)) {
      // The write may have committed: the player retries with the same idempotency key (docs/operations.md).
      request.log.warn({ err: error }, 'database connection lost after a write was sent');
      return reply.status(503).header('Retry-After', '1').send({ message: texts.outcomeUnknown });
    }
    const sqlState = dataExceptionCode(error);
    if (sqlState) {
      // A value the contract should have refused reached the database: the player gets a 400, and the log
      // names the route and the SQLSTATE, never the statement with the player's values (ADR 047).
      request.log.error(
        { sqlState, route: request.routeOptions.url ?? null },
        'the database refused a value the input checks let through',
      );
      return reply.status(400).send({ message: texts.valueRefused });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? texts.bodyTooLarge
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? texts.unsupportedMediaType
            : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: texts.serverError });
  });
}
