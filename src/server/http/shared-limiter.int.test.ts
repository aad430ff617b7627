import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../core/texts';
import { buildApp, type App } from '../app';
import { asPlayer, expectError } from '../../../tests/support/app';
import { testConfig } from '../../../tests/support/config';
import { freshDatabase, type TestDatabase } from '../../../tests/support/db';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two instances behind a load balancer, one database, Redis at 127.0.0.1:6379 (or TEST_REDIS_URL).
describe('login counters shared through Redis by two instances [pglite]', () => {
  let db: TestDatabase;
  const apps: App[] = [];
  beforeAll(async () => {
    db = await freshDatabase('pglite');
    const channel = `bitbreach:test:${randomUUID()}`;
    for (let i = 0; i < 2; i++) {
      const config = testConfig({ redisUrl, loginAttemptsPerIp: 6, loginAttemptsPerLoginId: 3 });
      apps.push(await buildApp({ config, database: db.database, realtime: { channel } }));
    }
    await Promise.all(apps.map((app) => app.realtime.bus.ready()));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.dispose();
  });

  const login = (app: App, loginId: string, password: string, ip: string) =>
    app.fastify.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, remoteAddress: ip });

  it('refuses the right password once failures spread over both instances reach the limit', async () => {
    const p = await asPlayer(apps[0]!);
    expectError(await login(apps[0]!, p.loginId, 'Wrongpass1', p.ip), 401);
    expectError(await login(apps[1]!, p.loginId, 'Wrongpass1', p.ip), 401);
    expectError(await login(apps[0]!, p.loginId, 'Wrongpass1', p.ip), 401);
    const refused = await login(apps[1]!, p.loginId, p.password, p.ip);
    expectError(refused, 429, texts.tooManyLoginAttempts);
    // Refused before the password was checked: no session cookie is set.
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('counts one address’s attempts on both instances against one per-address limit', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.9`;
    for (let i = 0; i < 6; i++) expectError(await login(apps[i % 2]!, `nobody${i}`, 'Wrongpass1', ip), 401);
    expectError(await login(apps[0]!, 'nobody7', 'Wrongpass1', ip), 429, texts.tooManyLoginAttempts);
    const second = await login(apps[1]!, 'nobody8', 'Wrongpass1', ip);
    expectError(second, 429, texts.tooManyLoginAttempts);
    expect(second.statusCode).toBe(429);
  });
});
