/**
 * The connection died after a COMMIT (or a single write) may have reached PostgreSQL: the change
 * may or may not be saved, and running it again could apply it twice. The HTTP layer answers 503
 * with texts.outcomeUnknown; a retry with the same idempotency key is then answered, not re-applied.
 */
export class OutcomeUnknownError extends Error {
  readonly code = 'OUTCOME_UNKNOWN';
  constructor(cause: unknown) {
    super('The database connection was lost after the write was sent; its outcome is unknown', { cause });
    this.name = 'OutcomeUnknownError';
  }
}

/** Finds an OutcomeUnknownError in an error or its causes (drizzle wraps statement errors in DrizzleQueryError). */
export function isOutcomeUnknown(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutcomeUnknownError) return true;
  }
  return false;
}
