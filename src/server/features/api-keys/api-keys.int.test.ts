import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../core/api/account';
import { activityPaths } from '../../../core/api/activity';
import { filesystemPaths } from '../../../core/api/filesystem';
import { apiKeyLimits, apiKeyPaths, type ApiKeySummary } from '../../../core/api/api-keys';
import { fillText, texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { routesOfScope } from '../../../core/api/api-key-scopes';

const allScopes = ['profile', 'inventory', 'market', 'leaderboard', 'kernel', 'boss'];

// Personal read-only API keys (ADR 075): made with the session, shown once, read with a Bearer header.
describe.each(drivers)('personal API keys [%s]', (driver) => {
  let app: TestApp;
  const writeRoutes = new Set<string>();
  const readRoutes = new Set<string>();

  beforeAll(async () => {
    app = await buildTestApp(driver, {
      onRoute: ({ method, url }) => {
        for (const m of [method].flat()) {
          if (m === 'GET') readRoutes.add(url);
          // /ops and /metrics take the operator's token, not a player's: a key is not it.
          else if (m !== 'HEAD' && url.startsWith('/api/')) writeRoutes.add(`${m} ${url}`);
        }
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const withKey = (key: string, method: string, url: string, payload?: object) =>
    app.fastify.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });

  async function createKey(player: Player, scopes = allScopes, name = 'my tool') {
    const res = await player.request('POST', apiKeyPaths.create, { name, scopes });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { key: string; summary: ApiKeySummary };
  }

  it('creates a key shown once; the list shows its name and prefix, never the secret', async () => {
    const player = await asPlayer(app);
    const { key, summary } = await createKey(player, ['leaderboard', 'market']);
    expect(key).toMatch(/^bbk_[A-Za-z0-9_-]{43}$/);
    expect(summary).toMatchObject({
      name: 'my tool',
      prefix: key.slice(4, 12),
      scopes: ['market', 'leaderboard'],
      lastUsedAt: null,
    });
    const list = await player.request('GET', apiKeyPaths.list);
    expect(list.json()).toEqual([summary]);
    expect(list.body).not.toContain(key.slice(12));
    const stored = await app.db.database.query<{ secret_hash: string }>('select secret_hash from api_keys');
    expect(stored.map((r) => r.secret_hash).join()).not.toContain(key.slice(4));
  });

  it('reads the leaderboard, the market and the player with a key, with RateLimit headers, and marks it used', async () => {
    const player = await asPlayer(app);
    const { key } = await createKey(player);
    const board = await withKey(key, 'GET', '/api/leaderboard');
    expect(board.statusCode, board.body).toBe(200);
    expect(board.headers['ratelimit-limit']).toBe(String(apiKeyLimits.requestsPerMinute));
    expect(board.headers['ratelimit-remaining']).toBe(String(apiKeyLimits.requestsPerMinute - 1));
    expect(Number(board.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect((await withKey(key, 'GET', '/api/marketplace/listings')).statusCode).toBe(200);
    const me = await withKey(key, 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ id: player.id, username: player.username });
    const [listed] = (await player.request('GET', apiKeyPaths.list)).json() as ApiKeySummary[];
    expect(listed!.lastUsedAt).not.toBeNull();
  });

  it('refuses every state-changing route with a key, with a 403 that says keys only read, and changes nothing', async () => {
    const player = await asPlayer(app);
    const { key } = await createKey(player);
    expect(writeRoutes.size).toBeGreaterThan(30);
    const before = await app.db.database.query('select count(*)::int as n from api_keys');
    for (const route of writeRoutes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const res = await withKey(key, method, pattern.replace(/:(\w+)/g, '1'), {});
      expect(res.statusCode, `${route} → ${res.body}`).toBe(403);
      expect(res.json().message, route).toBe(texts.apiKeys.readOnly);
    }
    expect(await app.db.database.query('select count(*)::int as n from api_keys')).toEqual(before);
  });

  it('refuses every GET outside the scope list, and a scope the key lacks', async () => {
    const player = await asPlayer(app);
    const { key } = await createKey(player);
    const open = new Set(Object.values(routesOfScope).flat());
    const closed = [...readRoutes].filter((r) => r.startsWith('/api/') && !open.has(r));
    // Ping, the file system (and the Token's location in it), chat unread, activity, the export and the key list itself.
    const privateRoutes = [
      '/api/directories/conversations',
      '/api/directories/messages',
      '/api/directories/system',
      '/api/directories/unread',
      ...Object.values(filesystemPaths).filter((p) => typeof p === 'string'),
      '/api/chat/unread',
      activityPaths.log,
      activityPaths.unseen,
      accountPaths.export,
      apiKeyPaths.list,
    ];
    for (const p of privateRoutes.filter((r) => readRoutes.has(r))) expect(closed).toContain(p);
    expect(privateRoutes.filter((r) => readRoutes.has(r)).length).toBeGreaterThanOrEqual(10);
    expect(closed.length).toBeGreaterThan(10);
    for (const route of closed) {
      const res = await withKey(key, 'GET', route.replace(/:(\w+)/g, '1'));
      expect(res.statusCode, `${route} → ${res.body}`).toBe(403);
    }
    const narrow = (await createKey(player, ['leaderboard'], 'board only')).key;
    expectError(
      await withKey(narrow, 'GET', '/api/gear'),
      403,
      fillText(texts.apiKeys.outOfScope, { scopes: 'leaderboard' }),
    );
    expect((await withKey(narrow, 'GET', '/api/leaderboard')).statusCode).toBe(200);
  });

  it('a key never creates or revokes keys, and a session without CSRF cannot either', async () => {
    const player = await asPlayer(app);
    const { key, summary } = await createKey(player);
    expectError(
      await withKey(key, 'POST', apiKeyPaths.create, { name: 'x', scopes: ['profile'] }),
      403,
      texts.apiKeys.readOnly,
    );
    expectError(await withKey(key, 'POST', apiKeyPaths.revoke, { id: summary.id }), 403, texts.apiKeys.readOnly);
    const noCsrf = await app.fastify.inject({
      method: 'POST',
      url: apiKeyPaths.create,
      headers: { cookie: player.cookie },
      payload: { name: 'x', scopes: ['profile'] },
    });
    expectError(noCsrf, 403, texts.csrfInvalid);
    expect((await player.request('GET', apiKeyPaths.list)).json()).toHaveLength(1);
  });

  it('revoking refuses the key at once; another player cannot revoke it', async () => {
    const player = await asPlayer(app);
    const other = await asPlayer(app);
    const { key, summary } = await createKey(player);
    expectError(await other.request('POST', apiKeyPaths.revoke, { id: summary.id }), 404, texts.apiKeys.notFound);
    expect((await withKey(key, 'GET', '/api/leaderboard')).statusCode).toBe(200);
    const revoked = await player.request('POST', apiKeyPaths.revoke, { id: summary.id });
    expect(revoked.json()).toEqual({ revoked: true });
    expectError(await withKey(key, 'GET', '/api/leaderboard'), 401, texts.apiKeys.invalid);
    expect((await player.request('GET', apiKeyPaths.list)).json()).toEqual([]);
  });

  it("a key reads its own player only: the profile and inventory are the owner's", async () => {
    const owner = await asPlayer(app);
    await asPlayer(app);
    const { key } = await createKey(owner);
    expect((await withKey(key, 'GET', '/api/auth/user')).json().id).toBe(owner.id);
    expectError(await withKey(`bbk_${'A'.repeat(43)}`, 'GET', '/api/leaderboard'), 401, texts.apiKeys.invalid);
    expectError(await withKey('not-a-key', 'GET', '/api/leaderboard'), 401, texts.apiKeys.invalid);
  });

  it('caps keys per player and refuses bad bodies without storing anything', async () => {
    const player = await asPlayer(app);
    for (const bad of [
      {},
      { name: '', scopes: ['profile'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['chat'] },
      { name: 'x', scopes: ['profile', 'profile'] },
      { name: 'x\u0000', scopes: ['profile'] },
      { name: 'x'.repeat(41), scopes: ['profile'] },
      { name: 'x', scopes: ['profile'], extra: 1 },
    ]) {
      expect((await player.request('POST', apiKeyPaths.create, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    for (let i = 0; i < apiKeyLimits.perPlayer; i++) await createKey(player, ['profile'], `k${i}`);
    expectError(
      await player.request('POST', apiKeyPaths.create, { name: 'one more', scopes: ['profile'] }),
      409,
      fillText(texts.apiKeys.tooMany, { n: apiKeyLimits.perPlayer }),
    );
    expect((await player.request('GET', apiKeyPaths.list)).json()).toHaveLength(apiKeyLimits.perPlayer);
  });

  it('allows 100 requests a minute per key, then 429 with the headers, and a new minute starts afresh', async () => {
    const player = await asPlayer(app);
    const { key } = await createKey(player, ['leaderboard']);
    const other = (await createKey(player, ['leaderboard'], 'other')).key;
    app.clock.now = Math.ceil(app.clock.now / 60_000) * 60_000;
    for (let i = 0; i < apiKeyLimits.requestsPerMinute; i++)
      expect((await withKey(key, 'GET', '/api/leaderboard')).statusCode).toBe(200);
    const refused = await withKey(key, 'GET', '/api/leaderboard');
    expectError(refused, 429, texts.apiKeys.rateLimited);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBe('60');
    expect((await withKey(other, 'GET', '/api/leaderboard')).statusCode).toBe(200);
    app.clock.advance(60_000);
    expect((await withKey(key, 'GET', '/api/leaderboard')).statusCode).toBe(200);
  });

  it("a banned player's keys are refused with their sessions", async () => {
    const player = await asPlayer(app);
    const { key } = await createKey(player, ['leaderboard']);
    await app.services.auth.ban(player.id);
    expectError(await withKey(key, 'GET', '/api/leaderboard'), 401, texts.apiKeys.invalid);
  });

  it('session requests carry no RateLimit headers and behave as before', async () => {
    const player = await asPlayer(app);
    const res = await player.request('GET', '/api/leaderboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});
