import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, uniquePlayer, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

describe.each(drivers)('accounts [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, {
      config: { accountsPerIp: 1, loginAttemptsPerIp: 1000, loginAttemptsPerLoginId: 5 },
    });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
    app.fastify.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers });

  it('registers, sets an HttpOnly SameSite=Lax session cookie and answers the user', async () => {
    const p = uniquePlayer();
    const res = await post(
      '/api/auth/register',
      { loginId: p.loginId, username: p.username, password: p.password },
      p.ip,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: p.username,
      level: 1,
      currentExp: 0,
      maxExp: 10,
      totalTaps: 0,
      telnet: 0,
      connectionRate: 10,
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'bb_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await app.fastify.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `bb_session=${cookie.value}` },
    });
    expect(me.json().username).toBe(p.username);
  });

  it('stores argon2id hashes, never the password', async () => {
    const p = await asPlayer(app);
    const [row] = await app.db.database.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [p.id],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(p.password);
  });

  it('answers 401 to GET /api/auth/user when signed out', async () => {
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/auth/user' }), 401, texts.notSignedIn);
  });

  it("answers the boot's session probe with 200 either way: signedIn false, or the player (ADR 069)", async () => {
    const out = await app.fastify.inject({ method: 'GET', url: '/api/auth/session' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedIn: false });
    const p = await asPlayer(app);
    const me = await app.fastify.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: p.cookie } });
    expect(me.json()).toMatchObject({ signedIn: true, user: { username: p.username } });
  });

  it('refuses missing fields with the spec texts', async () => {
    expectError(await post('/api/auth/login', { loginId: '', password: '' }), 400, texts.loginMissingFields);
    expectError(
      await post('/api/auth/register', { loginId: 'abc', username: '', password: 'Passw0rd!' }),
      400,
      texts.registerMissingFields,
    );
  });

  it.each([
    ['a login ID that is too short', { loginId: 'ab', username: 'okname', password: 'Passw0rd!' }, /Invalid login ID/],
    ['a login ID with a space', { loginId: 'ab cd', username: 'okname', password: 'Passw0rd!' }, /Invalid login ID/],
    ['a one-letter username', { loginId: 'abcd', username: 'x', password: 'Passw0rd!' }, /Invalid username/],
    ['a short password', { loginId: 'abcd', username: 'okname', password: 'short1' }, texts.registerFailedGeneric],
    [
      'a password with a forbidden symbol',
      { loginId: 'abcd', username: 'okname', password: 'Passw0rd+=' },
      texts.registerFailedGeneric,
    ],
  ])('refuses %s with a 400', async (_name, body, message) => {
    expectError(await post('/api/auth/register', body, '10.9.9.9'), 400, message);
  });

  it('refuses over-long fields before anything else (max 20/20/14)', async () => {
    expectError(
      await post('/api/auth/register', { loginId: 'a'.repeat(21), username: 'ok', password: 'Passw0rd!' }),
      400,
      /loginId/,
    );
    expectError(await post('/api/auth/login', { loginId: 'abc', password: 'p'.repeat(15) }), 400, /password/);
  });

  it('answers 409 for a taken login ID or username, case-insensitively', async () => {
    const p = await asPlayer(app);
    expectError(
      await post(
        '/api/auth/register',
        { loginId: p.loginId.toUpperCase(), username: 'other1', password: 'Passw0rd!' },
        '10.8.0.1',
      ),
      409,
      texts.loginIdOrUsernameTaken,
    );
    expectError(
      await post(
        '/api/auth/register',
        { loginId: 'otherlogin', username: p.username.toUpperCase(), password: 'Passw0rd!' },
        '10.8.0.2',
      ),
      409,
      texts.loginIdOrUsernameTaken,
    );
  });

  it('allows one account per IP (ACCOUNTS_PER_IP=1), even when two registrations race', async () => {
    const ip = '10.77.0.1';
    const [a, b] = await Promise.all([
      post('/api/auth/register', { loginId: 'raceone', username: 'raceone', password: 'Passw0rd!' }, ip),
      post('/api/auth/register', { loginId: 'racetwo', username: 'racetwo', password: 'Passw0rd!' }, ip),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 403]);
    const refused = a.statusCode === 403 ? a : b;
    expect(refused.json().message).toBe(texts.multiAccount);
  });

  it('logs in with a new session id every time, and refuses a wrong password with 401', async () => {
    const p = await asPlayer(app);
    expectError(await post('/api/auth/login', { loginId: p.loginId, password: 'Wrongpass1' }), 401, texts.invalidLogin);
    expectError(
      await post('/api/auth/login', { loginId: 'nobody-here', password: 'Wrongpass1' }),
      401,
      texts.invalidLogin,
    );
    const first = await post('/api/auth/login', { loginId: p.loginId, password: p.password }, p.ip, {
      cookie: p.cookie,
    });
    expect(first.statusCode).toBe(200);
    const newCookie = first.cookies.find((c) => c.name === 'bb_session')!.value;
    expect(`bb_session=${newCookie}`).not.toBe(p.cookie);
    // The session that was presented at login is gone: fixation gains nothing.
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: p.cookie } }), 401);
  });

  it('a wrong password from a signed-in tab leaves that session signed in', async () => {
    const p = await asPlayer(app);
    const userOf = (cookie: string) =>
      app.fastify.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expectError(
      await post('/api/auth/login', { loginId: p.loginId, password: 'Wrongpass1' }, p.ip, { cookie: p.cookie }),
      401,
      texts.invalidLogin,
    );
    const still = await userOf(p.cookie);
    expect(still.statusCode, still.body).toBe(200);
    expect(still.json()).toMatchObject({ username: p.username });
  });

  it('rate-limits wrong passwords per login ID and address with a 429 and a clear text', async () => {
    const p = await asPlayer(app);
    for (let i = 0; i < 5; i++)
      expectError(await post('/api/auth/login', { loginId: p.loginId, password: 'Wrongpass1' }, '10.5.5.1'), 401);
    expectError(
      await post('/api/auth/login', { loginId: p.loginId, password: p.password }, '10.5.5.1'),
      429,
      texts.tooManyLoginAttempts,
    );
  });

  it('logout ends the session; a second logout is harmless', async () => {
    const p = await asPlayer(app);
    const out = await post('/api/auth/logout', undefined, p.ip, { cookie: p.cookie });
    expect(out.statusCode).toBe(204);
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: p.cookie } }), 401);
    expect((await post('/api/auth/logout', undefined, p.ip, { cookie: p.cookie })).statusCode).toBe(204);
  });

  it('a ban ends open sessions at once and refuses login with 403', async () => {
    const p = await asPlayer(app);
    await app.services.auth.ban(p.id);
    expectError(await p.request('GET', '/api/auth/user'), 401);
    expectError(
      await post('/api/auth/login', { loginId: p.loginId, password: p.password }, p.ip),
      403,
      texts.accountBanned,
    );
  });

  it('slides the session: a request after a quiet minute re-sends the cookie with a fresh Max-Age', async () => {
    const p = await asPlayer(app);
    const soon = await p.request('GET', '/api/auth/user');
    expect(soon.cookies.find((c) => c.name === 'bb_session')).toBeUndefined();
    app.clock.advance(61_000);
    const later = await p.request('GET', '/api/auth/user');
    const cookie = later.cookies.find((c) => c.name === 'bb_session');
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    expect(cookie?.httpOnly).toBe(true);
  });

  it('ignores a forged or tampered session cookie', async () => {
    const p = await asPlayer(app);
    const tampered = p.cookie.slice(0, -3) + (p.cookie.endsWith('aaa') ? 'bbb' : 'aaa');
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: tampered } }), 401);
  });
});

describe('the session cookie over https [pglite]', () => {
  it('is Secure when the player reached us over https (through a trusted proxy), and not over plain http', async () => {
    const app = await buildTestApp('pglite', { config: { trustProxy: true } });
    try {
      const register = (id: string, proto: string) =>
        app.fastify.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.3.3.3',
          headers: { 'x-forwarded-proto': proto },
          payload: { loginId: id, username: id, password: 'Passw0rd!' },
        });
      const overHttps = (await register('httpsone', 'https')).cookies.find((c) => c.name === 'bb_session')!;
      const overHttp = (await register('httpone', 'http')).cookies.find((c) => c.name === 'bb_session')!;
      expect(overHttps.secure).toBe(true);
      expect(overHttp.secure).toBeFalsy();
    } finally {
      await app.close();
    }
  });
});

describe('client address and TRUST_PROXY [pglite]', () => {
  it.each([
    [false, '10.1.1.1'],
    [true, '203.0.113.7'],
  ] as const)('with TRUST_PROXY=%s the per-IP rule counts %s', async (trustProxy, counted) => {
    const app = await buildTestApp('pglite', { config: { accountsPerIp: 1, trustProxy } });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.7' };
      const reg = (id: string, ip: string) =>
        app.fastify.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: ip,
          headers,
          payload: { loginId: id, username: id, password: 'Passw0rd!' },
        });
      expect((await reg('proxyone', '10.1.1.1')).statusCode).toBe(201);
      const [row] = await app.db.database.query<{ registration_ip: string }>(
        "SELECT registration_ip FROM users WHERE login_id = 'proxyone'",
      );
      expect(row!.registration_ip).toBe(counted);
      // A second player behind the same proxy from another forwarded address:
      const second = await app.fastify.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.1.1.1',
        headers: { 'x-forwarded-for': '198.51.100.9' },
        payload: { loginId: 'proxytwo', username: 'proxytwo', password: 'Passw0rd!' },
      });
      // Without trust, both come from the proxy's address and the second is refused.
      expect(second.statusCode).toBe(trustProxy ? 201 : 403);
    } finally {
      await app.close();
    }
  });
});
