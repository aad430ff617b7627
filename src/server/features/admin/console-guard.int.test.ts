import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePaths, consolePrefix } from '../../../core/api/admin';
import { consoleActionPaths } from '../../../core/api/admin-actions';
import { reportQueuePaths } from '../../../core/api/report-queue';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { asOperator } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';

/** Each console route with its path parameters filled in, as a caller would send it. */
function concrete(url: string, targetId: number): string {
  return url
    .replace(':userId', String(targetId))
    .replace(':messageId', '1')
    .replace(/:[A-Za-z]+/g, '1');
}

describe.each(drivers)('the console is invisible to players [%s]', (driver) => {
  let app: TestApp;
  const consoleRoutes: { method: string; url: string }[] = [];
  beforeAll(async () => {
    app = await buildTestApp(driver, {
      onRoute: (r) => {
        if (!r.url.startsWith(`${consolePrefix}/`)) return;
        for (const method of [r.method].flat()) if (method !== 'HEAD') consoleRoutes.push({ method, url: r.url });
      },
    });
  });
  afterAll(() => app.close());

  it('registers its routes under /api/admin only', () => {
    const { search, player, ledger, mute, unmute, ban, unban } = consoleActionPaths;
    expect(consoleRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        ...Object.values(consolePaths),
        ...Object.values(reportQueuePaths),
        search,
        player,
        ledger,
        mute,
        unmute,
        ban,
        unban,
      ]),
    );
  });

  it('answers a visitor and a player on every console route exactly as an unknown path, whatever they send', async () => {
    const player = await asPlayer(app);
    const target = await asPlayer(app);
    const visitor = (method: string, url: string, payload?: object) =>
      app.fastify.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
    const asThe = (p: Player) => (method: string, url: string, payload?: object) =>
      p.request(method as 'GET', url, payload);
    for (const route of consoleRoutes) {
      const url = concrete(route.url, target.id);
      for (const send of [visitor, asThe(player)]) {
        for (const payload of route.method === 'GET'
          ? [undefined]
          : [
              undefined,
              { role: 'admin', reason: 'let me in' },
              { targetKind: 'chat', targetRef: '1', action: 'dismissed', reason: 'let me in' },
              { nonsense: true },
            ]) {
          const res = await send(route.method, url, payload);
          expect({ route: `${route.method} ${url}`, status: res.statusCode, body: res.json() }).toEqual({
            route: `${route.method} ${url}`,
            status: 404,
            body: { message: `Not found: ${route.method} ${url}` },
          });
        }
      }
    }
    const roles = await app.db.database.query<{ role: string }>('SELECT role FROM users WHERE id = ANY($1)', [
      [player.id, target.id],
    ]);
    expect(roles.map((r) => r.role)).toEqual(['player', 'player']);
  });

  it('lets a moderator and an admin in, and shuts a demoted moderator out on the next request', async () => {
    const moderator = await asOperator(app, 'moderator');
    const admin = await asOperator(app, 'admin');
    expect((await moderator.request('GET', consolePaths.me)).json()).toEqual({
      userId: moderator.id,
      username: moderator.username,
      role: 'moderator',
    });
    expect((await admin.request('GET', consolePaths.me)).json()).toMatchObject({ role: 'admin' });
    const demote = await admin.request('POST', concrete(consolePaths.role, moderator.id), {
      role: 'player',
      reason: 'stepped down',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await moderator.request('GET', consolePaths.me)).statusCode).toBe(404);
  });
});
