import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { usernameSkeleton } from '../../../core/rules/account';
import { buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

// "Look-alike and invisible names", through the API.
describe.each(drivers)('usernames [%s]', (driver) => {
  let app: TestApp;
  let n = 0;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  const register = (username: string) => {
    n += 1;
    return app.fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.70.0.${n}`,
      payload: { loginId: `skel${n}x${Date.now() % 100000}`, username, password: 'Passw0rd!' },
    });
  };
  const users = async (username: string) =>
    app.db.database.query<{ username: string; username_skeleton: string }>(
      'SELECT username, username_skeleton FROM users WHERE username = $1',
      [username],
    );

  it.each([
    ['braille blanks', '\u2800\u2800\u2800'],
    ['Hangul fillers', '\u3164\u3164'],
    ['zalgo', 'ne\u0351\u0352\u0353o'],
  ])('refuses a username of %s with a 400 and stores nothing', async (_name, username) => {
    expectError(await register(username), 400, texts.usernameInvisible);
    expect(await users(username)).toHaveLength(0);
  });

  it('refuses a bidi override in a username with a 400', async () => {
    expectError(await register('abc\u202Edef'), 400, /Invalid username|Control characters/);
  });

  it('answers 409 to a Cyrillic or digit look-alike of a taken name, and stores the skeleton', async () => {
    expect((await register('morpheus')).statusCode).toBe(201);
    expect(await users('morpheus')).toEqual([
      { username: 'morpheus', username_skeleton: usernameSkeleton('morpheus') },
    ]);
    expectError(await register('mоrpheus'), 409, texts.loginIdOrUsernameTaken); // Cyrillic о
    expectError(await register('m0rpheus'), 409, texts.loginIdOrUsernameTaken);
    expectError(await register('MORPHEUS'), 409, texts.loginIdOrUsernameTaken);
    expectError(await register('ｍｏｒｐｈｅｕｓ'), 409, texts.loginIdOrUsernameTaken); // full width
  });

  it('stores a full-width name in its NFKC form', async () => {
    expect((await register('ｔａｎｋ')).statusCode).toBe(201);
    expect(await users('tank')).toHaveLength(1);
  });

  it('gives accounts made before the skeleton column theirs at start-up, clashes kept apart', async () => {
    await app.db.database.query(
      `INSERT INTO users (login_id, username, password_hash, attack, critical_rate, ` +
        `bonus_critical_hit, connection_rate, item_drop_rate, tap_tokens, tap_tokens_at, registration_ip)
       VALUES ('oldone', 'cypher', 'x', 1, 1, 1, 1, 1, 1, 0, '10.71.0.1'), ('oldtwo', 'cyphеr', 'x', 1, 1, 1, 1, 1, 1, 0, '10.71.0.2')`,
    );
    expect(await app.services.auth.backfillUsernameSkeletons()).toBe(2);
    const rows = await app.db.database.query<{ login_id: string; username_skeleton: string }>(
      "SELECT login_id, username_skeleton FROM users WHERE login_id IN ('oldone', 'oldtwo') ORDER BY id",
    );
    expect(rows[0]!.username_skeleton).toBe(usernameSkeleton('cypher'));
    expect(rows[1]!.username_skeleton).toMatch(new RegExp(`^${usernameSkeleton('cypher')}#\\d+$`));
    expectError(await register('cypher'), 409, texts.loginIdOrUsernameTaken);
    expect(await app.services.auth.backfillUsernameSkeletons()).toBe(0);
  });
});
