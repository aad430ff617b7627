import type { z } from 'zod';
import { idempotencyKeyHeader } from '../../core/api/idempotency';
import { infra } from '../../core/infra';
import { encodeBody, pathOnly } from './api-wire';
import { mayResend, resendDelayMs } from './resend-delay';

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

/** What sending needs from outside: the network, and a clock and dice that tests replace. */
export interface SendDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

/** One attempt: the game's headers, the CSRF token when there is one, the (encoded) body. */
function send(deps: SendDeps, path: string, options: RequestOptions<unknown>, csrf: string | null): Promise<Response> {
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
 * server's Retry-After, doubled at each resend, with jitter (ADR 072), so a busy server costs the player a pause, not an error.
 */
export async function sendWithResends(
  deps: SendDeps,
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
      res = await send(deps, path, options, csrf);
    } catch (error) {
      if (!call.keyed || options.signal?.aborted || lostReplyResent) throw error;
      lostReplyResent = true;
      await deps.sleep(infra.idempotentRetryDelayMs);
      continue;
    }
    if (resends >= infra.shedRetryAttempts || !mayResend(res, call)) return res;
    await deps.sleep(resendDelayMs(res.headers.get('retry-after'), deps.random, resends));
  }
}
