import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../core/texts';
import { deflateSync } from 'node:zlib';
import { encodeSecureData, maskSecureBytes } from '../../core/secure-data';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';

// Inputs that reached the database unchecked, and hooks that matched the raw URL.
describe.each(drivers)('input holes [%s]', (driver) => {
  let app: TestApp;
  const serverErrors: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp(driver, {
      routes: (fastify) =>
        fastify.addHook('onResponse', async (request, reply) => {
          if (reply.statusCode >= 500) serverErrors.push(`${request.method} ${request.url} ${reply.statusCode}`);
        }),
    });
  });
  afterAll(async () => {
    expect(serverErrors).toEqual([]);
    await app.close();
  });

  const count = async (sql: string) =>
    (await app.db.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))[0]!.n;
  const controlText = new RegExp(texts.controlCharacters.replace(/[()]/g, '\\$&'));

  it.each([
    ['a NUL', 'hello\u0000world'],
    ['an escape sequence', 'red\u001b[31m'],
    ['a right-to-left override', 'abc\u202Egnp.exe'],
    ['a first-strong isolate', 'x\u2068y'],
  ])('refuses %s in a chat line or a private message with a 400, and stores nothing', async (_name, message) => {
    const p = await asPlayer(app);
    const other = await asPlayer(app);
    const chatBefore = await count('chat_messages');
    const pmBefore = await count('private_messages');
    expectError(await p.request('POST', '/api/chat/messages', { message }), 400, controlText);
    expectError(
      await p.request('POST', '/api/directories/messages', { receiverId: other.id, message }),
      400,
      controlText,
    );
    expect(await count('chat_messages')).toBe(chatBefore);
    expect(await count('private_messages')).toBe(pmBefore);
  });

  it('refuses a NUL in a login ID, username or password at login and registration', async () => {
    const inject = (url: string, payload: object) =>
      app.fastify.inject({ method: 'POST', url, payload, remoteAddress: '10.60.0.1' });
    expectError(await inject('/api/auth/login', { loginId: 'a\u0000b', password: 'Passw0rd!' }), 400, controlText);
    expectError(
      await inject('/api/auth/register', { loginId: 'nul\u0000id', username: 'okname', password: 'Passw0rd!' }),
      400,
      controlText,
    );
    expectError(
      await inject('/api/auth/register', { loginId: 'nulname', username: 'ok\u0000name', password: 'Passw0rd!' }),
      400,
      controlText,
    );
    expect(await count("users WHERE login_id LIKE 'nul%'")).toBe(0);
  });

  it('refuses /api/directories/user/a%00b with a 400', async () => {
    const p = await asPlayer(app);
    expectError(await p.request('GET', '/api/directories/user/a%00b'), 400, controlText);
  });

  it.each([
    ['GET', '/api/chat/messages?before=2147483648'],
    ['GET', '/api/directories/messages?partnerId=2147483648'],
    ['GET', '/api/directories/messages?partnerId=1&before=99999999999'],
  ] as const)('refuses an id past int4 in %s %s with a 400', async (method, url) => {
    const p = await asPlayer(app);
    expectError(await p.request(method, url), 400, /Invalid (before|partnerId)/);
  });

  it('refuses ids past int4 in private message bodies with a 400', async () => {
    const p = await asPlayer(app);
    expectError(
      await p.request('POST', '/api/directories/messages', { receiverId: 2 ** 31, message: 'hi' }),
      400,
      /Invalid receiverId/,
    );
    expectError(await p.request('POST', '/api/directories/read', { partnerId: 2 ** 31 }), 400, /Invalid partnerId/);
    // The largest int4 is in range: an unknown player, not a 400 or a 500.
    const top = await p.request('POST', '/api/directories/messages', { receiverId: 2 ** 31 - 1, message: 'hi' });
    expect(top.statusCode).toBe(404);
  });

  describe('percent-encoded secure paths', () => {
    it.each(['/api/game/tap%2Dbatch', '/api/game/tap-b%61tch'])(
      '%s refuses a plain body like /api/game/tap-batch does',
      async (url) => {
        const p = await asPlayer(app);
        const res = await p.request('POST', url, { tapCount: 3, batchTimestamp: 1 });
        expectError(res, 400, /Malformed secureData payload/);
        expect((await p.request('GET', '/api/auth/user')).json().totalTaps).toBe(0);
      },
    );

    it('/api/game/progres%73 unwraps secureData and wraps its answer', async () => {
      const p = await asPlayer(app);
      const payload = { secureData: encodeSecureData({ level: 1, currentExp: 0, maxExp: 10, totalTaps: 0 }, 'client') };
      const res = await app.fastify.inject({
        method: 'POST',
        url: '/api/game/progres%73',
        remoteAddress: p.ip,
        payload,
        headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json())).toEqual(['secureData']);
      expectError(
        await p.request('POST', '/api/game/progres%73', { level: 1, currentExp: 0, maxExp: 10, totalTaps: 0 }),
        400,
        /Malformed secureData/,
      );
    });

    it('refuses duplicate keys inside secureData with a 400', async () => {
      const p = await asPlayer(app);
      const inner = '{"tapCount":3,"tapCount":200,"batchTimestamp":1}';
      const secureData = encodeRaw(inner);
      const res = await app.fastify.inject({
        method: 'POST',
        url: '/api/game/tap-batch',
        remoteAddress: p.ip,
        payload: { secureData },
        headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
      });
      expectError(res, 400, /Duplicate key in secureData payload: tapCount/);
    });

    it('checks CSRF on a percent-encoded state change', async () => {
      const p = await asPlayer(app);
      const res = await app.fastify.inject({
        method: 'POST',
        url: '/api/chat/messag%65s',
        remoteAddress: p.ip,
        payload: { message: 'no token' },
        headers: { cookie: p.cookie },
      });
      expectError(res, 403, texts.csrfInvalid);
    });
  });

  it('answers every /api request with Cache-Control: no-store', async () => {
    const p = await asPlayer(app);
    for (const url of ['/api/auth/user', '/api/health', '/api/leaderboard', '/api/nothing-here']) {
      expect((await p.request('GET', url)).headers['cache-control'], url).toBe('no-store');
    }
    expect((await app.fastify.inject({ method: 'GET', url: '/api/auth/user' })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

/** secureData around an exact JSON text (JSON.stringify could never produce a duplicate key). */
function encodeRaw(json: string): string {
  return Buffer.from(maskSecureBytes(deflateSync(json, { level: 9 }), 'client')).toString('base64url');
}
