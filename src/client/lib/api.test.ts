import { describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import { decodeSecureData, encodeSecureData } from '../../core/secure-data';
import { texts } from '../../core/texts';
import { ApiError, createApiClient } from './api';

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
      return headersOf(calls[calls.length - 1])['X-CSRF-Token'] === 't1' ? json({ message: 'no' }, 403) : json({ ok: 1 });
    });
    await expect(createApiClient({ fetch }).post('/api/x', {})).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/csrf-token', '/api/x', '/api/auth/csrf-token', '/api/x']);
    expect(headersOf(calls[3])['X-CSRF-Token']).toBe('t2');
  });

  it('retries a 403 only once', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('csrf-token') ? json({ csrfToken: 't' }) : json({}, 403)));
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
    expect(decodeSecureData(sent.secureData, 'client', balance.secureDataMaxInflatedBytes)).toEqual({
      tapCount: 3,
      batchTimestamp: 5,
    });
  });

  it("raises 'Response decoding failed' for an undecodable secure answer", async () => {
    const { fetch } = fakeFetch((url) => (url.endsWith('csrf-token') ? json({ csrfToken: 't' }) : json({ secureData: 'AAAA' })));
    await expect(createApiClient({ fetch }).post('/api/game/progress', {})).rejects.toThrow(texts.responseDecodingFailed);
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
