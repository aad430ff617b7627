import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { reservedUsernames } from '../../../core/terminal/reserved-names';
import { parseSshTarget } from '../../../core/terminal/terminal-commands';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ready, terminalSteps } from '../../../../tests/support/terminal';

/** Every player can be reached from the Terminal: its words are not usernames, and '@name' always means a player (ADR 049). */
describe.each(drivers)('terminal usernames [%s]', (driver) => {
  let app: TestApp;
  let n = 0;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now();
  });
  afterAll(() => app.close());

  const register = (username: string) => {
    n += 1;
    return app.fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.72.${Math.floor(n / 200)}.${n % 200}`,
      payload: { loginId: `resv${n}x${Date.now() % 100000}`, username, password: 'Passw0rd!' },
    });
  };
  const count = async (username: string) =>
    Number(
      (
        await app.db.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)',
          [username],
        )
      )[0]!.n,
    );

  it('refuses each reserved word as a new username (and a look-alike of one) with a 400, storing nothing', async () => {
    for (const word of [...reservedUsernames, 'ChatRoom', 'chatr0om']) {
      const before = await count(word);
      expectError(await register(word), 400, texts.usernameReserved);
      expect(await count(word), word).toBe(before);
    }
    expect((await register('chatroomer')).statusCode).toBe(201);
  });

  it("an account made before the rule, named 'chatroom', can still be ssh'd into with ssh @chatroom", async () => {
    await app.db.database.query(
      `INSERT INTO users (login_id, username, password_hash, attack, critical_rate, bonus_critical_hit, ` +
        `connection_rate, item_drop_rate, tap_tokens, tap_tokens_at, registration_ip, level, created_at)
       VALUES ('oldchat', 'chatroom', 'x', 1, 1, 1, 1, 1, 1, 0, '10.73.0.1', 8, now() - interval '2 days')`,
    );
    const attacker = await ready(app, await asPlayer(app), { level: 8 });
    const target = parseSshTarget('@chatroom');
    expect(target).toEqual({ kind: 'player', username: 'chatroom' });
    const opened = await terminalSteps(app).ssh(attacker, target!.kind === 'player' ? target!.username : '');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ mode: 'intrusion', target: 'chatroom' });
    // The plain word still opens the chatroom, never the player.
    expect(parseSshTarget('chatroom')).toEqual({ kind: 'chatroom' });
  });
});
