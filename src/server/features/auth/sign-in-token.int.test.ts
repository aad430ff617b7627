import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedInResponse } from '../../../core/api/auth';
import { User } from '../../../core/api/common';
import { buildTestApp, uniquePlayer, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

// Login and register answer everything the client needs to start, the CSRF token
// included, so its first state change needs no second round trip. The token endpoint stays for reloads.
describe.each(drivers)('signing in answers the CSRF token [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, { config: { accountsPerIp: 0 } });
  });
  afterAll(() => app.close());

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    ip: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => app.fastify.inject({ method, url, remoteAddress: ip, headers, ...(payload ? { payload } : {}) });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    `bb_session=${res.cookies.find((c) => c.name === 'bb_session')!.value}`;
  /** A state change: a chat line, accepted only with the session's token. */
  const chat = (ip: string, cookie: string, token: string) =>
    inject('POST', '/api/chat/messages', ip, { cookie, 'x-csrf-token': token }, { message: 'first words' });

  it('register answers the player and a token that the first state change is accepted with', async () => {
    const p = uniquePlayer();
    const res = await inject(
      'POST',
      '/api/auth/register',
      p.ip,
      {},
      { loginId: p.loginId, username: p.username, password: p.password },
    );
    expect(res.statusCode).toBe(201);
    const body = SignedInResponse.parse(res.json());
    expect(body.username).toBe(p.username);
    expect((await chat(p.ip, cookieOf(res), body.csrfToken)).statusCode).toBe(201);
  });

  it("login answers the new session's token (not the previous session's); the old token is refused, the token endpoint agrees", async () => {
    const p = uniquePlayer();
    const registered = await inject(
      'POST',
      '/api/auth/register',
      p.ip,
      {},
      { loginId: p.loginId, username: p.username, password: p.password },
    );
    const oldToken = SignedInResponse.parse(registered.json()).csrfToken;
    const res = await inject('POST', '/api/auth/login', p.ip, {}, { loginId: p.loginId, password: p.password });
    expect(res.statusCode).toBe(200);
    const body = SignedInResponse.parse(res.json());
    expect(body.csrfToken).not.toBe(oldToken);
    const cookie = cookieOf(res);
    expect((await chat(p.ip, cookie, oldToken)).statusCode).toBe(403);
    expect((await chat(p.ip, cookie, body.csrfToken)).statusCode).toBe(201);
    // After a reload the page has only the cookie: the token endpoint gives the same token.
    expect((await inject('GET', '/api/auth/csrf-token', p.ip, { cookie })).json()).toEqual({
      csrfToken: body.csrfToken,
    });
  });

  it('the answer is still a User for clients that read only that (the token is an extra field)', async () => {
    const p = uniquePlayer();
    const res = await inject(
      'POST',
      '/api/auth/register',
      p.ip,
      {},
      { loginId: p.loginId, username: p.username, password: p.password },
    );
    const user = User.parse(res.json());
    expect(user).not.toHaveProperty('csrfToken');
    expect(Object.keys(res.json()).sort()).toEqual([...Object.keys(user), 'csrfToken'].sort());
  });

  it('a refused login answers no token and sets no cookie', async () => {
    const p = uniquePlayer();
    await inject(
      'POST',
      '/api/auth/register',
      p.ip,
      {},
      { loginId: p.loginId, username: p.username, password: p.password },
    );
    const res = await inject('POST', '/api/auth/login', p.ip, {}, { loginId: p.loginId, password: 'Wrongpass1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).not.toHaveProperty('csrfToken');
    expect(res.cookies.find((c) => c.name === 'bb_session' && c.value)).toBeUndefined();
  });
});
