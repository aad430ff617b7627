import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { drivers, freshDatabase, type TestDatabase } from '../../../../tests/support/db';
import type { PasswordHasher } from './password';
import { createAuthService, type AuthService } from './service';

// The login limiter, victim lockout, and registration that hashed before it checked.
describe.each(drivers)('login limits [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, {
      config: { loginAttemptsPerIp: 10, loginAttemptsPerLoginId: 3, registrationsPerIp: 2 },
    });
  });
  afterAll(() => app.close());

  const login = (loginId: string, password: string, ip: string) =>
    app.fastify.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, remoteAddress: ip });

  it('stops at the per-IP limit: refused attempts store no login-ID keys', async () => {
    const failures = app.services.auth.rateLimits.failuresPerLoginAtAddress;
    const before = failures.size;
    for (let i = 0; i < 10; i++) expectError(await login(`nobody${i}`, 'Wrongpass1', '10.44.0.1'), 401);
    expect(failures.size).toBe(before + 10);
    for (let i = 0; i < 200; i++)
      expectError(await login(`spray${i}`, 'Wrongpass1', '10.44.0.1'), 429, texts.tooManyLoginAttempts);
    expect(failures.size).toBe(before + 10);
  });

  it('an attacker hammering a login ID does not lock its player out of their own address', async () => {
    const victim = await asPlayer(app);
    for (let i = 0; i < 3; i++) expectError(await login(victim.loginId, 'Wrongpass1', '10.45.0.1'), 401);
    for (let i = 0; i < 5; i++)
      expectError(await login(victim.loginId, 'Wrongpass1', '10.45.0.1'), 429, texts.tooManyLoginAttempts);
    expect((await login(victim.loginId, victim.password, victim.ip)).statusCode).toBe(200);
  });

  it('a correct password is refused once its address has used up its failures on that login ID', async () => {
    const p = await asPlayer(app);
    for (let i = 0; i < 3; i++) expectError(await login(p.loginId, 'Wrongpass1', p.ip), 401);
    expectError(await login(p.loginId, p.password, p.ip), 429, texts.tooManyLoginAttempts);
  });

  it('limits registrations per address with a 429 and a clear text, and stores nothing', async () => {
    const reg = (id: string) =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.46.0.1',
        payload: { loginId: id, username: id, password: 'Passw0rd!' },
      });
    expect((await reg('regone')).statusCode).toBe(201);
    expect((await reg('regtwo')).statusCode).toBe(201);
    expectError(await reg('regthree'), 429, texts.tooManyRegistrations);
    const rows = await app.db.database.query("SELECT 1 FROM users WHERE login_id = 'regthree'");
    expect(rows).toHaveLength(0);
  });
});

describe.each(drivers)('password hashing [%s]', (driver) => {
  let db: TestDatabase;
  let auth: AuthService | undefined;
  beforeAll(async () => {
    db = await freshDatabase(driver);
  });
  afterEach(() => auth?.close());
  afterAll(() => db.dispose());

  /** A fake argon2 that counts calls and the most that ran at once. */
  function countingHasher() {
    const stats = { hashes: 0, verifies: 0, running: 0, mostAtOnce: 0 };
    const slow = async <T>(value: T): Promise<T> => {
      stats.running += 1;
      stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      stats.running -= 1;
      return value;
    };
    const hasher: PasswordHasher = {
      hash: (password) => ((stats.hashes += 1), slow(`fake$${password}`)),
      verify: (hash, password) => ((stats.verifies += 1), slow(hash === `fake$${password}`)),
    };
    return { stats, hasher };
  }

  const service = (passwords: PasswordHasher, extra: { accountsPerIp?: number; registrationsPerIp?: number } = {}) =>
    (auth = createAuthService({
      database: db.database,
      now: Date.now,
      accountsPerIp: extra.accountsPerIp ?? 0,
      registrationsPerIp: extra.registrationsPerIp ?? 100,
      loginAttemptsPerIp: 100,
      loginAttemptsPerLoginId: 100,
      passwords,
    }));

  it('a registration refused by ACCOUNTS_PER_IP or the registration limit does no hashing', async () => {
    const { stats, hasher } = countingHasher();
    const a = service(hasher, { accountsPerIp: 1, registrationsPerIp: 2 });
    await a.register({ loginId: 'hashone', username: 'hashone', password: 'Passw0rd!' }, '10.50.0.1');
    expect(stats.hashes).toBe(1);
    await expect(
      a.register({ loginId: 'hashtwo', username: 'hashtwo', password: 'Passw0rd!' }, '10.50.0.1'),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      a.register({ loginId: 'hashthree', username: 'hashthree', password: 'Passw0rd!' }, '10.50.0.1'),
    ).rejects.toMatchObject({ statusCode: 429 });
    await expect(
      a.register({ loginId: 'hash four', username: 'hashfour', password: 'Passw0rd!' }, '10.50.0.2'),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      a.register({ loginId: 'hashfive', username: 'HASH0NE', password: 'Passw0rd!' }, '10.50.0.3'),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(stats.hashes).toBe(1);
  });

  it('runs at most infra.passwordHashesAtOnce (2) hashes at once across logins and registrations', async () => {
    const { stats, hasher } = countingHasher();
    const { boundedHasher } = await import('./password');
    const a = service(boundedHasher(hasher));
    const burst = [
      ...Array.from({ length: 6 }, (_, i) =>
        a.register({ loginId: `burst${i}`, username: `burst${i}`, password: 'Passw0rd!' }, `10.51.0.${i}`),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        a.login({ loginId: `nobody${i}`, password: 'Passw0rd!' }, `10.52.0.${i}`).catch(() => null),
      ),
    ];
    await Promise.all(burst);
    expect(stats.hashes).toBeGreaterThanOrEqual(6);
    expect(stats.mostAtOnce).toBe(2);
  });
});
