import type { z } from 'zod';
import { infra } from '../../core/infra';
import { securePaths } from '../../core/api/game';
import { idempotencyKeyHeader } from '../../core/api/idempotency';
import { decodeSecureData, encodeSecureData } from '../../core/secure-data';
import { texts } from '../../core/texts';
import { ApiError } from './api-error';
import { mayResend, resendDelayMs } from './resend-delay';

export { ApiError } from './api-error';

/** Paths that never carry a CSRF token (spec §7). */
const tokenFreePaths = new Set([
  '/api/auth/user',
  '/api/auth/csrf-token',
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/logout',
]);
const securePathSet: ReadonlySet<string> = new Set(securePaths);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the (decoded) response; without it the JSON is returned as is. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * One key per player action (newIdempotencyKey() when the player acts) on calls that spend or move
   * value: the server applies the action once however often the call arrives. Every resend of this
   * call (the CSRF retry, the retry after a lost reply or a 503) carries the same key.
   */
  idempotencyKey?: string;
}

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

function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

function readCsrfToken(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  if (typeof record.secureData === 'string') {
    try {
      const decoded = decodeSecureData(record.secureData, 'server', infra.secureDataMaxInflatedBytes);
      const token = (decoded as Record<string, unknown> | null)?.csrfToken;
      if (typeof token === 'string' && token) return token;
    } catch {
      // spec §7: if the secureData decode fails, a plain csrfToken field is the fallback
    }
  }
  return typeof record.csrfToken === 'string' && record.csrfToken ? record.csrfToken : null;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(texts.responseDecodingFailed);
  }
}

/**
 * The one place that knows CSRF tokens, secureData and error texts (architecture.md).
 * The token is cached and re-fetched when missing or refused, rather than before every single call:
 * the spec's "drop the token and fetch a fresh one on 403" only makes sense for a kept token.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const sleep = deps.sleep ?? realSleep;
  const random = deps.random ?? Math.random;
  let token: string | null = deps.csrfToken ?? null;
  let pendingToken: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    try {
      const res = await deps.fetch('/api/auth/csrf-token', {
        credentials: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Frontend-Request': 'true' },
      });
      if (!res.ok) throw new Error(texts.noSecurityToken);
      const fresh = readCsrfToken(await parseBody(res));
      if (!fresh) throw new Error(texts.noSecurityToken);
      token = fresh;
      return fresh;
    } catch {
      throw new Error(texts.noSecurityToken);
    }
  }

  function ensureToken(): Promise<string> {
    if (token) return Promise.resolve(token);
    // Concurrent calls share one token request.
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  function encodeBody(path: string, body: unknown): string {
    try {
      const payload = securePathSet.has(path) ? { secureData: encodeSecureData(body, 'client') } : body;
      return JSON.stringify(payload);
    } catch {
      throw new Error(texts.requestEncodingFailed);
    }
  }

  function decodeResponse(path: string, payload: unknown): unknown {
    if (!securePathSet.has(path) || typeof payload !== 'object' || payload === null) return payload;
    const secureData = (payload as Record<string, unknown>).secureData;
    if (typeof secureData !== 'string') return payload;
    try {
      return decodeSecureData(secureData, 'server', infra.secureDataMaxInflatedBytes);
    } catch {
      throw new Error(texts.responseDecodingFailed);
    }
  }

  async function send(path: string, options: RequestOptions<unknown>, csrf: string | null): Promise<Response> {
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      'X-Frontend-Request': 'true',
    };
    const hasBody = options.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';
    if (csrf) headers['X-CSRF-Token'] = csrf;
    if (options.idempotencyKey) headers[idempotencyKeyHeader] = options.idempotencyKey;
    const init: RequestInit = {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers,
    };
    if (hasBody) init.body = encodeBody(pathOnly(path), options.body);
    if (options.signal) init.signal = options.signal;
    return deps.fetch(path, init);
  }

  /**
   * A keyed call is safe to send again, so one lost reply (the fetch failed, not aborted) is retried once
   * with the same key: the server answers from the first outcome if it was applied. A 503 that may be
   * resent (mayResend: shed, keyed or a read) is resent up to infra.shedRetryAttempts times after the
   * server's Retry-After with jitter (ADR 072), so a busy server costs the player a pause, not an error.
   */
  async function sendWithResends(
    path: string,
    options: RequestOptions<unknown>,
    csrf: string | null,
  ): Promise<Response> {
    const call = {
      method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
      keyed: Boolean(options.idempotencyKey),
    };
    let lostReplyResent = false;
    for (let resends = 0; ; resends++) {
      let res: Response;
      try {
        res = await send(path, options, csrf);
      } catch (error) {
        if (!call.keyed || options.signal?.aborted || lostReplyResent) throw error;
        lostReplyResent = true;
        await sleep(infra.idempotentRetryDelayMs);
        continue;
      }
      if (resends >= infra.shedRetryAttempts || !mayResend(res, call)) return res;
      await sleep(resendDelayMs(res.headers.get('retry-after'), random));
    }
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const bare = pathOnly(path);
    const usesToken = !tokenFreePaths.has(bare);
    let csrf = usesToken ? await ensureToken() : null;
    let res = await sendWithResends(path, options, csrf);
    if (res.status === 403 && csrf) {
      // spec §7: a refused token is dropped, a fresh one fetched and the call retried once
      token = null;
      csrf = await ensureToken();
      res = await sendWithResends(path, options, csrf);
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
    dropToken: () => {
      token = null;
    },
    setToken: (csrfToken) => {
      token = csrfToken;
    },
  };
}
