import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../core/api/account';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { openSocket } from '../../../../tests/support/socket';
import type { App } from '../../app';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const newPassword = 'N3wPass!word';

/** The same player signed in a second time (another device): its own cookie and CSRF token. */
async function secondSession(app: App, p: Player): Promise<Player> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: p.ip,
    payload: { loginId: p.loginId, password: p.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = `bb_session=${res.cookies.find((c) => c.name === 'bb_session')!.value}`;
  const csrfToken = res.json().csrfToken as string;
  return {
    ...p,
    cookie,
    csrfToken,
    request: (method, url, body, headers = {}) =>
      app.fastify.inject({
        method,
        url,
        remoteAddress: p.ip,
        headers: { cookie, 'x-csrf-token': csrfToken, ...headers },
        ...(body !== undefined ? { payload: body as object } : {}),
      }) as never,
  };
}

describe.each(drivers)('changing the password [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, { config: { loginAttemptsPerIp: 1000, loginAttemptsPerLoginId: 3 } });
  });
  afterAll(() => app.close());

  const login = (p: Player, password: string) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: p.ip,
      payload: { loginId: p.loginId, password },
    });

  it('lets the player sign in with the new password and no longer with the old one', async () => {
    const p = await asPlayer(app);
    const res = await p.request('POST', accountPaths.password, { currentPassword: p.password, newPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: true, otherSessionsEnded: 0 });
    expect((await login(p, newPassword)).statusCode).toBe(200);
    expectError(await login(p, p.password), 401, texts.invalidLogin);
  });

  it('signs out the player’s other sessions while the one that changed it keeps working', async () => {
    const p = await asPlayer(app);
    const other = await secondSession(app, p);
    expect((await other.request('GET', '/api/missions/status')).statusCode).toBe(200);
    const res = await p.request('POST', accountPaths.password, { currentPassword: p.password, newPassword });
    expect(res.json()).toEqual({ changed: true, otherSessionsEnded: 1 });
    expectError(await other.request('GET', '/api/missions/status'), 401);
    expect((await p.request('GET', '/api/missions/status')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, changes nothing, and counts it as a failed login', async () => {
    const p = await asPlayer(app);
    const other = await secondSession(app, p);
    for (let i = 0; i < 3; i++)
      expectError(
        await p.request('POST', accountPaths.password, { currentPassword: 'Wr0ngPass!', newPassword }),
        401,
        texts.currentPasswordWrong,
      );
    // The login limiter's budget for this login ID is spent: neither route takes another guess.
    expectError(
      await p.request('POST', accountPaths.password, { currentPassword: p.password, newPassword }),
      429,
      texts.tooManyLoginAttempts,
    );
    expectError(await login(p, p.password), 429, texts.tooManyLoginAttempts);
    expect((await other.request('GET', '/api/missions/status')).statusCode).toBe(200);
    const [row] = await app.db.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [p.id],
    );
    expect(row!.n).toBe(2);
  });

  it('keeps the old password when the new one breaks the password rule', async () => {
    const p = await asPlayer(app);
    for (const weak of ['short1', 'Passw0rd+=']) {
      expectError(
        await p.request('POST', accountPaths.password, { currentPassword: p.password, newPassword: weak }),
        400,
        texts.fieldPasswordLength,
      );
    }
    expect((await login(p, p.password)).statusCode).toBe(200);
  });

  it('refuses a change without the CSRF token (403) and a signed-out caller (401)', async () => {
    const p = await asPlayer(app);
    expectError(
      await p.request(
        'POST',
        accountPaths.password,
        { currentPassword: p.password, newPassword },
        { 'x-csrf-token': '' },
      ),
      403,
      texts.csrfInvalid,
    );
    expectError(
      await app.fastify.inject({
        method: 'POST',
        url: accountPaths.password,
        payload: { currentPassword: p.password, newPassword },
      }),
      401,
    );
    expect((await login(p, p.password)).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['a missing field', { currentPassword: 'Passw0rd!' }],
    ['a number for a password', { currentPassword: 'Passw0rd!', newPassword: 12345678 }],
    ['an over-long new password', { currentPassword: 'Passw0rd!', newPassword: 'p'.repeat(15) }],
    ['an unknown field', { currentPassword: 'Passw0rd!', newPassword, userId: 1 }],
    ['empty fields', { currentPassword: '', newPassword: '' }],
  ])('answers 400 to %s and changes nothing', async (_name, body) => {
    const p = await asPlayer(app);
    expectError(await p.request('POST', accountPaths.password, body), 400);
    expect((await login(p, p.password)).statusCode).toBe(200);
  });
});

// Two instances on PostgreSQL and Redis, as behind a load balancer.
describe.skipIf(!process.env.TEST_DATABASE_URL)('changing the password across two instances [postgres]', () => {
  let run: Instances;
  beforeAll(async () => {
    run = await startInstances(2, redisUrl);
  });
  afterAll(() => run?.close());

  it('refuses on B the other session at once, though B had it cached, and ends its socket there', async () => {
    const p = await asPlayer(run.apps[0]!);
    const other = await secondSession(run.apps[0]!, p);
    expect((await via(run.apps[1]!, other, 'GET', '/api/missions/status')).statusCode).toBe(200);
    const otherSocket = await openSocket(run.urls[1]!, other.cookie);
    const ended = otherSocket.next('session.ended', () => true, 2000);
    expect(
      (await via(run.apps[0]!, p, 'POST', accountPaths.password, { currentPassword: p.password, newPassword }))
        .statusCode,
    ).toBe(200);
    let refused = false;
    // The bus normally takes milliseconds; polled for at most ~2 s, well inside the cache's TTL.
    for (let i = 0; i < 100 && !refused; i++) {
      refused = (await via(run.apps[1]!, other, 'GET', '/api/missions/status')).statusCode === 401;
      if (!refused) await new Promise((r) => setTimeout(r, 20));
    }
    expect(refused).toBe(true);
    expect((await ended).d.reason).toBe('logout');
    await otherSocket.close();
    expect((await via(run.apps[1]!, p, 'GET', '/api/missions/status')).statusCode).toBe(200);
  });
});
