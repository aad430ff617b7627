import { expForLevel } from '../../../core/rules/exp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

describe.each(drivers)('leaderboard [%s]', (driver) => {
  let app: TestApp;
  let players: Player[];
  beforeAll(async () => {
    app = await buildTestApp(driver);
    players = [];
    for (let i = 0; i < 33; i++) players.push(await asPlayer(app));
    // Distinct progress for each: player i has level 1 + (i % 5) and 10 + i taps.
    for (const [i, p] of players.entries()) {
      await app.db.database.query('UPDATE users SET level = $1, current_exp = $2, total_taps = $3 WHERE id = $4', [
        1 + (i % 5),
        i,
        10 + i,
        p.id,
      ]);
    }
  });
  afterAll(() => app.close());

  it('answers the top 30 by level, then experience', async () => {
    const res = await players[0]!.request('GET', '/api/leaderboard?sortBy=level&limit=30');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ level: number; currentExp: number; maxExp: number; username: string }>;
    expect(rows).toHaveLength(30);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.level > b.level || (a.level === b.level && a.currentExp >= b.currentExp)).toBe(true);
    }
    expect(rows[0]).toMatchObject({ level: 5, currentExp: 29, maxExp: expForLevel(5) });
    expect(Object.keys(rows[0]!).sort()).toEqual(['currentExp', 'id', 'level', 'maxExp', 'totalTaps', 'username']);
  });

  it('answers by total decodes', async () => {
    const rows = (await players[0]!.request('GET', '/api/leaderboard?sortBy=totalTaps&limit=30')).json() as Array<{
      totalTaps: number;
    }>;
    expect(rows.map((r) => r.totalTaps)).toEqual(Array.from({ length: 30 }, (_, i) => 42 - i));
  });

  it('is served by an index, not a scan and sort of every player', async () => {
    await app.db.database.query('ANALYZE users');
    await app.db.database.query('SET enable_seqscan = off');
    try {
      const plan = await app.db.database.query<Record<string, string>>(
        'EXPLAIN SELECT id FROM users ORDER BY level DESC, current_exp DESC, id ASC LIMIT 30',
      );
      const text = plan.map((r) => Object.values(r)[0]).join('\n');
      expect(text, text).toMatch(/Index (Only )?Scan using users_by_level/);
      expect(text).not.toMatch(/Sort/);
    } finally {
      await app.db.database.query('RESET enable_seqscan');
    }
  });

  it('does not show banned players', async () => {
    const top = (await players[0]!.request('GET', '/api/leaderboard?sortBy=totalTaps')).json() as Array<{ id: number }>;
    const banned = players.find((p) => p.id === top[0]!.id)!;
    await app.services.auth.ban(banned.id);
    const after = (await players[0]!.request('GET', '/api/leaderboard?sortBy=totalTaps')).json() as Array<{
      id: number;
    }>;
    expect(after.map((r) => r.id)).not.toContain(banned.id);
    expect(after).toHaveLength(30);
  });

  it('refuses bad queries and the signed-out', async () => {
    expectError(await players[0]!.request('GET', '/api/leaderboard?sortBy=telnet'), 400, /Invalid sortBy/);
    expectError(await players[0]!.request('GET', '/api/leaderboard?limit=31'), 400, /Invalid limit/);
    expectError(await players[0]!.request('GET', '/api/leaderboard?limit=abc'), 400, /Invalid limit/);
    expectError(await players[0]!.request('GET', '/api/leaderboard?evil=1'), 400, /Unknown field: evil/);
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/leaderboard' }), 401);
  });
});
