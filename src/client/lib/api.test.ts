import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdempotencyKey } from '../../core/api/idempotency';
import { infra } from '../../core/infra';
import { decodeSecureData, encodeSecureData } from '../../core/secure-data';
import { texts } from '../../core/texts';
import { ApiError, createApiClient, newIdempotencyKey } from './api';

interface Call {
  url: string;
  init: RequestInit;
}

type Responder = (url: string, init: RequestInit, index: number) => Response;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeFetch(responder: Responder) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return responder(url, init, calls.length - 1);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe('createApiClient', () => {
  it('sends the frontend headers with same-origin credentials, and no token on token-free paths', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 1 }));
    await createApiClient({ fetch }).get('/api/auth/user');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(headersOf(calls[0])).toEqual({ 'X-Requested-With': 'XMLHttpRequest', 'X-Frontend-Request': 'true' });
  });

  it.each(['/api/auth/login', '/api/auth/register', '/api/auth/logout', '/api/auth/user'])(
    'does not fetch a token before %s',
    async (path) => {
      const { fetch, calls } = fakeFetch(() => json({}));
      await createApiClient({ fetch }).post(path, { a: 1 });
      expect(calls.map((c) => c.url)).toEqual([path]);
      expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
      expect(headersOf(calls[0])['X-CSRF-Token']).toBeUndefined();
    },
  );

  it('fetches a token first and sends it, reading a secureData-wrapped token', async () => {
    const secureData = encodeSecureData({ csrfToken: 'tok-1' }, 'server');
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('csrf-token') ? json({ secureData }) : json([])));
    await createApiClient({ fetch }).get('/api/leaderboard?sortBy=level&limit=30');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/csrf-token', '/api/leaderboard?sortBy=level&limit=30']);
    expect(headersOf(calls[1])['X-CSRF-Token']).toBe('tok-1');
    expect(headersOf(calls[1])['Content-Type']).toBeUndefined();
  });

  it('falls back to a plain csrfToken when secureData does not decode', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.endsWith('csrf-token') ? json({ secureData: 'garbage!', csrfToken: 'plain' }) : json({}),
    );
    await createApiClient({ fetch }).post('/api/x', {});
    expect(headersOf(calls[1])['X-CSRF-Token']).toBe('plain');
  });

  it('keeps the token for later calls and shares one token request between concurrent calls', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('csrf-token') ? json({ csrfToken: 't' }) : json({})));
    const api = createApiClient({ fetch });
    await Promise.all([api.get('/api/a'), api.get('/api/b')]);
    await api.get('/api/c');
    expect(calls.filter((c) => c.url.endsWith('csrf-token'))).toHaveLength(1);
  });

  it('on a 403 with a token, drops it, fetches a fresh one and retries once', async () => {
    let tokens = 0;
    const { fetch, calls } = fakeFetch((url) => {
      if (url.endsWith('csrf-token')) return json({ csrfToken: `t${++tokens}` });
      return headersOf(calls[calls.length - 1])['X-CSRF-Token'] === 't1'
        ? json({ message: 'no' }, 403)
        : json({ ok: 1 });
    });
    await expect(createApiClient({ fetch }).post('/api/x', {})).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/csrf-token', '/api/x', '/api/auth/csrf-token', '/api/x']);
    expect(headersOf(calls[3])['X-CSRF-Token']).toBe('t2');
  });

  it('retries a 403 only once', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.endsWith('csrf-token') ? json({ csrfToken: 't' }) : json({}, 403),
    );
    await expect(createApiClient({ fetch }).post('/api/x', {})).rejects.toMatchObject({ status: 403 });
    expect(calls.filter((c) => c.url === '/api/x')).toHaveLength(2);
  });

  it("raises 'Unable to get security token' when the token call fails", async () => {
    const { fetch } = fakeFetch(() => json({}, 500));
    await expect(createApiClient({ fetch }).get('/api/x')).rejects.toThrow(texts.noSecurityToken);
  });

  it('wraps secure-path bodies as secureData and decodes secureData answers', async () => {
    const answer = { user: { id: 7 } };
    const { fetch, calls } = fakeFetch((url) =>
      url.endsWith('csrf-token') ? json({ csrfToken: 't' }) : json({ secureData: encodeSecureData(answer, 'server') }),
    );
    const result = await createApiClient({ fetch }).post('/api/game/tap-batch', { tapCount: 3, batchTimestamp: 5 });
    expect(result).toEqual(answer);
    const sent = JSON.parse(String(calls[1]?.init.body)) as { secureData: string };
    expect(Object.keys(sent)).toEqual(['secureData']);
    expect(decodeSecureData(sent.secureData, 'client', infra.secureDataMaxInflatedBytes)).toEqual({
      tapCount: 3,
      batchTimestamp: 5,
    });
  });

  it("raises 'Response decoding failed' for an undecodable secure answer", async () => {
    const { fetch } = fakeFetch((url) =>
      url.endsWith('csrf-token') ? json({ csrfToken: 't' }) : json({ secureData: 'AAAA' }),
    );
    await expect(createApiClient({ fetch }).post('/api/game/progress', {})).rejects.toThrow(
      texts.responseDecodingFailed,
    );
  });

  it('sends plain bodies on other paths', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    await createApiClient({ fetch }).post('/api/auth/login', { loginId: 'a', password: 'b' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ loginId: 'a', password: 'b' });
  });

  it('raises `${status}: ${body}` for a non-OK answer, or the status text when the body is empty', async () => {
    const { fetch } = fakeFetch((_url, _init, i) =>
      i === 0 ? json({ message: 'Bad' }, 401) : new Response('', { status: 502, statusText: 'Bad Gateway' }),
    );
    const api = createApiClient({ fetch });
    const first = await api.get('/api/auth/user').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).message).toBe('401: {"message":"Bad"}');
    expect((first as ApiError).status).toBe(401);
    expect((first as ApiError).serverMessage).toBe('Bad');
    await expect(api.get('/api/auth/user')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('idempotency keys', () => {
  const tokenOr = (answer: (index: number) => Response) => (url: string, _init: RequestInit, index: number) =>
    url.endsWith('csrf-token') ? json({ csrfToken: 't' }) : answer(index);
  const noWait = () => {
    const waits: number[] = [];
    return { waits, sleep: async (ms: number) => void waits.push(ms) };
  };
  const keysSent = (calls: Call[], url: string) =>
    calls.filter((c) => c.url === url).map((c) => headersOf(c)['Idempotency-Key']);

  afterEach(() => vi.unstubAllGlobals());

  it('sends the key as the Idempotency-Key header, through post and request', async () => {
    const { fetch, calls } = fakeFetch(tokenOr(() => json({ ok: 1 })));
    const api = createApiClient({ fetch });
    await api.post('/api/market/buy', { listingId: 4 }, undefined, { idempotencyKey: 'key-one-1' });
    await api.request('/api/market/list', { method: 'POST', body: {}, idempotencyKey: 'key-two-2' });
    await api.post('/api/chat', { text: 'hi' });
    expect(keysSent(calls, '/api/market/buy')).toEqual(['key-one-1']);
    expect(keysSent(calls, '/api/market/list')).toEqual(['key-two-2']);
    expect(keysSent(calls, '/api/chat')).toEqual([undefined]);
  });

  it('the CSRF retry resends the same key', async () => {
    const { fetch, calls } = fakeFetch(
      tokenOr((index) => (index === 1 ? json({ message: 'no' }, 403) : json({ ok: 1 }))),
    );
    await createApiClient({ fetch }).post('/api/x', {}, undefined, { idempotencyKey: 'same-key-1' });
    expect(keysSent(calls, '/api/x')).toEqual(['same-key-1', 'same-key-1']);
  });

  it('retries a keyed call once with the same key after a lost reply, and answers the retry', async () => {
    const { waits, sleep } = noWait();
    const { fetch, calls } = fakeFetch((url, _init, index) => {
      if (url.endsWith('csrf-token')) return json({ csrfToken: 't' });
      if (index === 1) throw new TypeError('Failed to fetch');
      return json({ purchaseId: 9 });
    });
    await expect(
      createApiClient({ fetch, sleep }).post('/api/x', {}, undefined, { idempotencyKey: 'lost-reply' }),
    ).resolves.toEqual({
      purchaseId: 9,
    });
    expect(keysSent(calls, '/api/x')).toEqual(['lost-reply', 'lost-reply']);
    expect(waits).toEqual([infra.idempotentRetryDelayMs]);
  });

  it('resends a keyed call after each 503 up to the resend limit, and the last 503 reaches the caller', async () => {
    const { sleep } = noWait();
    const { fetch, calls } = fakeFetch(tokenOr(() => json({ message: texts.outcomeUnknown }, 503)));
    const failure = await createApiClient({ fetch, sleep })
      .post('/api/x', {}, undefined, { idempotencyKey: 'unknown-1' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(503);
    expect((failure as ApiError).serverMessage).toBe(texts.outcomeUnknown);
    expect(keysSent(calls, '/api/x')).toEqual(Array(1 + infra.shedRetryAttempts).fill('unknown-1'));
  });

  it('a shed request, even an unkeyed chat line, is sent again after Retry-After, doubled each time, with jitter, and answered', async () => {
    const { waits, sleep } = noWait();
    const shed = () =>
      new Response(JSON.stringify({ message: texts.serverBusy }), {
        status: 503,
        headers: { 'retry-after': '2', 'x-shed': 'event-loop delay' },
      });
    const { fetch, calls } = fakeFetch(tokenOr((index) => (index <= 2 ? shed() : json({ ok: 1 }))));
    await expect(
      createApiClient({ fetch, sleep, random: () => 0.5 }).post('/api/chat', { text: 'a' }),
    ).resolves.toEqual({ ok: 1 });
    expect(calls.filter((c) => c.url === '/api/chat')).toHaveLength(3);
    expect(waits).toEqual([2500, 5000]);
  });

  it('a read answered 503 is asked again', async () => {
    const { sleep } = noWait();
    const { fetch, calls } = fakeFetch((_url, _init, index) =>
      index === 0 ? json({ message: 'busy' }, 503) : json({ id: 1 }),
    );
    await expect(createApiClient({ fetch, sleep }).get('/api/auth/user')).resolves.toEqual({ id: 1 });
    expect(calls).toHaveLength(2);
  });

  it('never retries an unkeyed call, which could apply twice', async () => {
    const { waits, sleep } = noWait();
    const lost = fakeFetch((url) => {
      if (url.endsWith('csrf-token')) return json({ csrfToken: 't' });
      throw new TypeError('Failed to fetch');
    });
    await expect(createApiClient({ fetch: lost.fetch, sleep }).post('/api/chat', { text: 'a' })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(lost.calls.filter((c) => c.url === '/api/chat')).toHaveLength(1);
    const busy = fakeFetch(tokenOr(() => json({ message: 'busy' }, 503)));
    await expect(createApiClient({ fetch: busy.fetch, sleep }).post('/api/chat', { text: 'a' })).rejects.toMatchObject({
      status: 503,
    });
    expect(busy.calls.filter((c) => c.url === '/api/chat')).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('does not retry a keyed call the caller aborted', async () => {
    const controller = new AbortController();
    const { fetch, calls } = fakeFetch((url) => {
      if (url.endsWith('csrf-token')) return json({ csrfToken: 't' });
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const api = createApiClient({ fetch, sleep: noWait().sleep });
    await expect(
      api.request('/api/x', { method: 'POST', body: {}, idempotencyKey: 'abort-key', signal: controller.signal }),
    ).rejects.toThrow('aborted');
    expect(calls.filter((c) => c.url === '/api/x')).toHaveLength(1);
  });

  it('makes a fresh key that the server accepts, with or without crypto.randomUUID', () => {
    const keys = [newIdempotencyKey(), newIdempotencyKey()];
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    keys.push(newIdempotencyKey(), newIdempotencyKey());
    for (const key of keys) expect(IdempotencyKey.safeParse(key).success, key).toBe(true);
    expect(new Set(keys).size).toBe(4);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
  });
});
