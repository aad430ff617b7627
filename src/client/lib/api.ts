import type { z } from 'zod';
import { texts } from '../../core/texts';
import { ApiError } from './api-error';
import { sendWithResends, type RequestOptions, type SendDeps } from './api-send';
import { decodeResponse, parseBody, pathOnly } from './api-wire';
import { createCsrfToken } from './csrf-token';

export { ApiError } from './api-error';
export type { HttpMethod, RequestOptions } from './api-send';

/** Paths that never carry a CSRF token (spec §7). */
const tokenFreePaths = new Set([
  '/api/auth/user',
  '/api/auth/csrf-token',
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/logout',
]);

/**
 * A fresh key for one player action; make it when the player acts, not per attempt.
 * randomUUID exists only in secure contexts (https, localhost): a game served over plain http on a
 * LAN address falls back to 128 random bits from getRandomValues, which every context has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, schema?: z.ZodType<T>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    schema?: z.ZodType<T>,
    options?: { idempotencyKey?: string },
  ): Promise<T>;
  /** Forgets the cached CSRF token: the session ended (logout). */
  dropToken(): void;
  /**
   * A new session began (login, register): keeps the token its answer carried, so the first state
   * change needs no token request; null fetches one when first needed.
   */
  setToken(csrfToken: string | null): void;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Waits before the retry of a keyed call; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Spreads the resends of shed requests (resendDelayMs); tests pass a fixed one. */
  random?: () => number;
  /** The session's CSRF token when the game starts right after login or register. */
  csrfToken?: string | null;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one place that knows CSRF tokens, secureData and error texts (architecture.md).
 * The token is cached and re-fetched when missing or refused, rather than before every single call:
 * the spec's "drop the token and fetch a fresh one on 403" only makes sense for a kept token.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const sending: SendDeps = { fetch: deps.fetch, sleep: deps.sleep ?? realSleep, random: deps.random ?? Math.random };
  const token = createCsrfToken(deps.fetch, deps.csrfToken ?? null);

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const bare = pathOnly(path);
    const usesToken = !tokenFreePaths.has(bare);
    let csrf = usesToken ? await token.ensure() : null;
    let res = await sendWithResends(sending, path, options, csrf);
    if (res.status === 403 && csrf) {
      // spec §7: a refused token is dropped, a fresh one fetched and the call retried once
      token.set(null);
      csrf = await token.ensure();
      res = await sendWithResends(sending, path, options, csrf);
    }
    if (!res.ok) {
      const bodyText = await res.text().catch(() => '');
      throw new ApiError(res.status, res.statusText, bodyText);
    }
    const payload = decodeResponse(bare, await parseBody(res));
    if (!options.schema) return payload as T;
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) throw new Error(texts.responseDecodingFailed);
    return parsed.data;
  }

  return {
    request,
    get: (path, schema) => request(path, schema ? { schema } : {}),
    post: (path, body, schema, options) =>
      request(path, {
        method: 'POST',
        body: body ?? undefined,
        ...(schema ? { schema } : {}),
        ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      }),
    dropToken: () => token.set(null),
    setToken: (csrfToken) => token.set(csrfToken),
  };
}
