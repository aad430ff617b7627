/**
 * A non-OK answer (spec §8): the message is `${status}: ${body text or status text}`, and the
 * status and body stay available so screens can map them to the spec's texts.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's own message: the `message` of a JSON error body, else the raw body text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as unknown;
      if (typeof parsed === 'object' && parsed !== null) {
        const message = (parsed as Record<string, unknown>).message;
        if (typeof message === 'string' && message) return message;
      }
    } catch {
      // not JSON: the body text itself is the message
    }
    return this.body;
  }
}

/** The status of an ApiError, or null for anything else (network failure, decoding failure). */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** What to show a player for a failed call: the server's own message when there is one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage || error.message;
  return error instanceof Error ? error.message : String(error);
}
