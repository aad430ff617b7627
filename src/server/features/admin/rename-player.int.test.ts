import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../core/api/account';
import { consoleActionPaths } from '../../../core/api/admin-actions';
import { texts } from '../../../core/texts';
import { consoleTexts } from '../../../core/texts/console';
import { asPlayer, buildTestApp, expectError, uniquePlayer, type TestApp } from '../../../../tests/support/app';
import { asOperator, auditRowsOf } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';

const renamePath = (id: number | string) => consoleActionPaths.rename.replace(':userId', String(id));

describe.each(drivers)('a moderator renames a player [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  it('makes the player choose a new name before playing on, and keeps the old one reserved for everyone', async () => {
    const moderator = await asOperator(app, 'moderator');
    const p = await asPlayer(app);
    const res = await moderator.request('POST', renamePath(p.id), { reason: 'offensive username' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: p.id, username: p.username, renameRequired: true });
    expect(await auditRowsOf(app, p.id)).toEqual([
      {
        action: 'rename',
        actor_label: moderator.username,
        actor_id: moderator.id,
        reason: 'offensive username',
        before: { username: p.username, renameRequired: false },
        after: { renameRequired: true },
      },
    ]);

    // Signed in again, the player sees the flag and every game route but the choice answers 403.
    const login = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: p.ip,
      payload: { loginId: p.loginId, password: p.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await p.request('GET', '/api/auth/user')).json()).toMatchObject({
      username: p.username,
      renameRequired: true,
    });
    expectError(await p.request('GET', '/api/missions/status'), 403, texts.renameRequired);
    expectError(await p.request('POST', '/api/chat/messages', { message: 'still me' }), 403, texts.renameRequired);

    // The registration's rules apply: taken names, look-alikes, system names, its own old name.
    const other = await asPlayer(app);
    expectError(
      await p.request('POST', accountPaths.username, { username: other.username.toUpperCase() }),
      409,
      texts.loginIdOrUsernameTaken,
    );
    expectError(
      await p.request('POST', accountPaths.username, { username: p.username }),
      409,
      texts.loginIdOrUsernameTaken,
    );
    expectError(await p.request('POST', accountPaths.username, { username: 'chatroom' }), 400, texts.usernameReserved);
    for (const body of [
      {},
      { username: 'x' },
      { username: ' padded ' },
      { username: 'ok_name', extra: 1 },
      { username: 42 },
    ]) {
      expect((await p.request('POST', accountPaths.username, body)).statusCode, JSON.stringify(body)).toBe(400);
    }

    const newName = uniquePlayer('n').username;
    const chosen = await p.request('POST', accountPaths.username, { username: newName });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ id: p.id, username: newName });
    expect(chosen.json()).not.toHaveProperty('renameRequired');
    expect((await p.request('GET', '/api/missions/status')).statusCode).toBe(200);
    expectError(
      await p.request('POST', accountPaths.username, { username: uniquePlayer('m').username }),
      409,
      texts.renameNotPending,
    );

    // The old name, and a look-alike of it, are nobody's to take.
    const taker = uniquePlayer();
    const register = (username: string) =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: taker.ip,
        payload: { loginId: taker.loginId, username, password: taker.password },
      });
    expectError(await register(p.username), 409, texts.loginIdOrUsernameTaken);
    expectError(await register(p.username.toUpperCase()), 409, texts.loginIdOrUsernameTaken);
  });

  it('refuses a moderator an admin or themselves, and bad input, changing nothing and auditing nothing', async () => {
    const moderator = await asOperator(app, 'moderator');
    const admin = await asOperator(app, 'admin');
    expectError(
      await moderator.request('POST', renamePath(admin.id), { reason: 'not allowed' }),
      403,
      consoleTexts.cannotActOn,
    );
    expectError(
      await moderator.request('POST', renamePath(moderator.id), { reason: 'not allowed' }),
      403,
      consoleTexts.cannotActOn,
    );
    const p = await asPlayer(app);
    for (const [path, body] of [
      [renamePath(p.id), {}],
      [renamePath(p.id), { reason: 'x' }],
      [renamePath(p.id), { reason: 'fine reason', username: 'forced' }],
      [renamePath('abc'), { reason: 'fine reason' }],
      [renamePath('0'), { reason: 'fine reason' }],
    ] as const) {
      expect((await moderator.request('POST', path, body)).statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expectError(
      await moderator.request('POST', renamePath(2_000_000_000), { reason: 'fine reason' }),
      404,
      consoleTexts.noSuchPlayer,
    );
    expect((await admin.request('GET', '/api/auth/user')).json()).not.toHaveProperty('renameRequired');
    expect((await p.request('GET', '/api/missions/status')).statusCode).toBe(200);
    expect(
      [...(await auditRowsOf(app, admin.id)), ...(await auditRowsOf(app, p.id))].filter((r) => r.action === 'rename'),
    ).toEqual([]);
  });
});
