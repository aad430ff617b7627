import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../core/texts';
import { encodeSecureData } from '../../core/secure-data';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';

describe.each(drivers)('hardening [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, {
      // A route that fails on purpose, to see what a player is shown of a 5xx.
      routes: (fastify) =>
        fastify.get('/api/test/explode', async () => {
          throw new Error('connection string postgres://secret@db leaked');
        }),
    });
  });
  afterAll(() => app.close());

  describe('CSRF', () => {
    it('issues the session token on GET /api/auth/csrf-token', async () => {
      const p = await asPlayer(app);
      const res = await p.request('GET', '/api/auth/csrf-token');
      expect(res.json().csrfToken).toBe(p.csrfToken);
      expectError(await app.fastify.inject({ method: 'GET', url: '/api/auth/csrf-token' }), 401);
    });

    it('refuses a state change without the token or with a wrong one, and changes nothing', async () => {
      const p = await asPlayer(app);
      const body = { secureData: encodeSecureData({ tapCount: 3, batchTimestamp: 1 }, 'client') };
      for (const headers of [{ cookie: p.cookie }, { cookie: p.cookie, 'x-csrf-token': 'wrong' }]) {
        const res = await app.fastify.inject({ method: 'POST', url: '/api/game/tap-batch', headers, payload: body });
        expectError(res, 403, texts.csrfInvalid);
      }
      // Another player's token is no good either.
      const other = await asPlayer(app);
      const res = await app.fastify.inject({
        method: 'POST',
        url: '/api/game/tap-batch',
        headers: { cookie: p.cookie, 'x-csrf-token': other.csrfToken },
        payload: body,
      });
      expectError(res, 403, texts.csrfInvalid);
      expect((await p.request('GET', '/api/auth/user')).json().totalTaps).toBe(0);
    });

    it('exempts login, register and logout (spec §7)', async () => {
      const p = await asPlayer(app);
      const login = await app.fastify.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { loginId: p.loginId, password: p.password },
      });
      expect(login.statusCode).toBe(200);
    });
  });

  describe('bodies', () => {
    const send = (payload: string, contentType = 'application/json') =>
      app.fastify.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

    it('refuses text/plain, which a cross-site form could send without a preflight', async () => {
      expectError(
        await send('{"loginId":"abc","password":"Passw0rd!"}', 'text/plain'),
        415,
        texts.unsupportedMediaType,
      );
      expectError(await send('loginId=abc', 'application/x-www-form-urlencoded'), 415, texts.unsupportedMediaType);
    });

    it('refuses bodies over 16 KiB with 413', async () => {
      expectError(await send(JSON.stringify({ loginId: 'a'.repeat(20_000), password: 'x' })), 413, texts.bodyTooLarge);
    });

    it('refuses duplicate keys, __proto__ and malformed JSON with clear 400s', async () => {
      expectError(
        await send('{"loginId":"abc","loginId":"def","password":"Passw0rd!"}'),
        400,
        'Duplicate key in JSON body: loginId',
      );
      expectError(
        await send('{"loginId":"abc","password":"Passw0rd!","__proto__":{"admin":true}}'),
        400,
        /Forbidden key/,
      );
      expectError(await send('{"loginId":"abc",'), 400, 'Malformed JSON body');
      expectError(await send('{"loginId":NaN}'), 400, 'Malformed JSON body');
    });

    it('refuses unknown fields and wrong types with the field named', async () => {
      expectError(
        await send(JSON.stringify({ loginId: 'abc', password: 'Passw0rd!', admin: true })),
        400,
        'Unknown field: admin',
      );
      expectError(await send(JSON.stringify({ loginId: 123, password: 'Passw0rd!' })), 400, /Invalid loginId/);
      expectError(await send(JSON.stringify(['abc'])), 400);
    });

    it('treats injection strings as data: no error, no effect', async () => {
      for (const loginId of ["' OR 1=1 --", 'a";DROP TABLE users;', '${7*7}']) {
        expectError(await send(JSON.stringify({ loginId, password: 'Passw0rd!' })), 401, texts.invalidLogin);
      }
      const [row] = await app.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(row!.n).toBeGreaterThan(0);
    });

    it('caps the inflated size of secureData (a zip bomb stops early)', async () => {
      const p = await asPlayer(app);
      const bomb = encodeSecureData({ tapCount: 3, batchTimestamp: 1, pad: 'x'.repeat(1_000_000) }, 'client');
      expect(bomb.length).toBeLessThan(16_000);
      expectError(
        await p.request('POST', '/api/game/tap-batch', undefined, {}).then(() =>
          app.fastify.inject({
            method: 'POST',
            url: '/api/game/tap-batch',
            headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
            payload: { secureData: bomb },
          }),
        ),
        400,
        /payload too large/,
      );
    });
  });

  describe('responses', () => {
    it('sends the security headers', async () => {
      const res = await app.fastify.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    });

    it('hides 5xx details from players', async () => {
      const res = await app.fastify.inject({ method: 'GET', url: '/api/test/explode' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: texts.serverError });
      expect(res.body).not.toContain('secret');
    });

    it('answers unknown API paths with a JSON 404', async () => {
      expectError(await app.fastify.inject({ method: 'GET', url: '/api/nope' }), 404, /Not found/);
    });
  });
});
