import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { nextBossIntegrity } from '../../../core/rules/blockchain';
import { scoreGuess } from '../../../core/rules/codebreak';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { activeCode, expOf, setIntegrity, setPlayer, submit, wrongFor } from '../../../../tests/support/blockchain';
import { drivers } from '../../../../tests/support/db';
import { ledgerRows } from '../../../../tests/support/players';

const t = texts.blockchain;
const gap = balance.guessIgnoreWindowMs;

describe.each(drivers)('blockchain [%s]', (driver) => {
  let app: TestApp;
  /** The server's random source: crit and blacklist rolls read this (0.99: no crit, not blacklisted). */
  let roll = 0.99;
  /** Every body the API answered and every event the bus carried, for the secrecy scan. */
  const seen: string[] = [];
  const codes = new Set<string>();
  beforeAll(async () => {
    app = await buildTestApp(driver, {
      random: () => roll,
      config: { logLevel: 'error' },
      routes: (fastify) =>
        fastify.addHook('onSend', async (_req, _reply, payload) => {
          if (typeof payload === 'string') seen.push(payload);
          return payload;
        }),
    });
    app.realtime.bus.subscribe((m) => seen.push(JSON.stringify(m.event)));
  });
  afterAll(() => app.close());
  /** Each test starts on an active boss with room for its hits (a defeat in one test is respawned here). */
  beforeEach(async () => {
    roll = 0.99;
    app.clock.advance(gap);
    if ((await app.db.database.query("SELECT id FROM blockchain_bosses WHERE status = 'active'")).length === 0) {
      app.clock.advance(2 * 3_600_000);
      await app.jobs.runDue();
    }
    await app.db.database.query(
      "UPDATE blockchain_bosses SET max_integrity = 100, integrity = 100 WHERE status = 'active' AND level = 1 AND code_version > 1",
    );
  });

  /** Reads the active boss's code from the database, and remembers it for the secrecy scan. */
  const code = async () => {
    const c = await activeCode(app);
    codes.add(c.code);
    return c;
  };
  const player = async (stats: Parameters<typeof setPlayer>[2] = {}) => {
    const p = await asPlayer(app);
    await setPlayer(app, p, { criticalRate: 0, ...stats });
    return p;
  };
  const current = async (p: Player) => (await p.request('GET', '/api/blockchain/current')).json();

  it('shows one level-1 boss with a 10-digit code and the player’s own EXP cost', async () => {
    const p = await player({ attack: 14 });
    const boss = await current(p);
    // The first boss, spawned at start-up: level 1, full integrity 10.
    expect(boss).toMatchObject({
      level: 1,
      codeLength: 10,
      currentProgress: 10,
      maxProgress: 10,
      codeVersion: 1,
      attackStat: 14,
      expCostPerGuess: 2,
    });
    expect(boss).not.toHaveProperty('secretCode');
    expect((await p.request('GET', '/api/blockchain/last-defeated')).json()).toBeNull();
  });

  it('a wrong guess costs floor(attack/5) EXP, scores exactly and joins RECENT ATTEMPTS', async () => {
    const p = await player({ attack: 27, exp: 20 });
    const boss = await code();
    const guess = `${boss.code.slice(0, 3)}${wrongFor(boss.code).slice(3)}`;
    const res = await submit(p, boss.id, guess);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      guess,
      ...scoreGuess(boss.code, guess),
      expLost: 5,
      codeCorrect: false,
      damage: 0,
      bossDefeated: false,
      rewardReceived: 0,
    });
    expect(res.json().correctPosition).toBe(3);
    expect(await expOf(app, p)).toEqual({ level: 1, exp: 15 });
    const after = await current(p);
    expect(after.recentAttempts[0]).toMatchObject({ username: p.username, guess, correctPosition: 3 });
    expect(after.currentProgress).toBe(boss.integrity);
  });

  it('keeps only the last 5 attempts on the current code', async () => {
    const p = await player({ attack: 1, exp: 7 });
    const boss = await code();
    for (let i = 0; i < 7; i++) {
      app.clock.advance(gap);
      expect((await submit(p, boss.id, wrongFor(boss.code))).statusCode).toBe(200);
    }
    expect((await current(p)).recentAttempts).toHaveLength(balance.recentAttempts);
  });

  it('a correct code deals the player’s damage, lowers integrity, replaces the code; a late copy is "already cracked" and free', async () => {
    await app.db.database.query(
      "UPDATE blockchain_bosses SET max_integrity = 100, integrity = 100 WHERE status = 'active'",
    );
    const p = await player({ attack: 3, exp: 1 });
    const late = await player({ attack: 10, exp: 7 });
    const boss = await code();
    const res = await submit(p, boss.id, boss.code);
    expect(res.json()).toMatchObject({
      codeCorrect: true,
      correctPosition: 10,
      wrongPosition: 0,
      damage: 3,
      isCritical: false,
      currentProgress: boss.integrity - 3,
      newCodeLength: 10,
      expLost: 1,
    });
    expect(res.json()).not.toHaveProperty('newSecretCode');
    const next = await code();
    expect(next.codeVersion).toBe(boss.codeVersion + 1);
    expect(next.integrity).toBe(boss.integrity - 3);
    expect((await current(p)).recentAttempts).toEqual([]);
    expectError(await submit(late, boss.id, boss.code), 409, t.alreadyCracked);
    expect(await expOf(app, late)).toEqual({ level: 1, exp: 7 });
  });

  it('a critical hit deals attack × (2 + bonus/100), rounded down', async () => {
    const p = await player({ attack: 3, exp: 1, criticalRate: 100, bonusCriticalHit: 50 });
    roll = 0;
    const boss = await code();
    expect((await submit(p, boss.id, boss.code)).json()).toMatchObject({
      codeCorrect: true,
      isCritical: true,
      damage: 7,
    });
  });

  it('gear counts: an equipped cpu raises the attack, the damage and the EXP cost', async () => {
    const p = await player({ attack: 4, exp: 10 });
    await app.db.database.query(
      "INSERT INTO gear (user_id, name, description, type, rarity, level, stat_value, is_equipped) VALUES ($1, 'Test CPU', 'x', 'cpu', 'common', 1, 6, true)",
      [p.id],
    );
    expect(await current(p)).toMatchObject({ attackStat: 10, expCostPerGuess: 2 });
    const boss = await code();
    expect((await submit(p, boss.id, boss.code)).json()).toMatchObject({ damage: 10, expLost: 2 });
  });

  it('integrity 0 defeats the boss: LAST HIT and MOST DAMAGE paid once, then a level-2 boss 2 hours later, once', async () => {
    const big = await player({ attack: 50, exp: 50 });
    const finisher = await player({ attack: 1, exp: 5 });
    let boss = await code();
    await setIntegrity(app, 51);
    expect((await submit(big, boss.id, boss.code)).json()).toMatchObject({
      damage: 50,
      currentProgress: 1,
      bossDefeated: false,
    });
    boss = await code();
    const defeatAt = app.clock.now;
    const res = await submit(finisher, boss.id, boss.code);
    expect(res.json()).toMatchObject({
      codeCorrect: true,
      damage: 1,
      currentProgress: 0,
      bossDefeated: true,
      blacklisted: false,
      rewardReceived: 40,
    });
    expect(await current(big)).toBeNull();
    const record = (await big.request('GET', '/api/blockchain/last-defeated')).json();
    expect(record).toMatchObject({
      level: 1,
      nextSpawnAt: new Date(defeatAt + 2 * 3_600_000).toISOString(),
      lastHitterUsername: finisher.username,
      lastHitterBlacklisted: false,
      lastHitterReward: 40,
      mostDamageUsername: big.username,
      mostDamageBlacklisted: false,
      mostDamageReward: 60,
    });
    const rewards = async (p: Player) =>
      (await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'boss-reward').map((r) => Number(r.delta));
    expect(await rewards(finisher)).toEqual([40]);
    expect(await rewards(big)).toEqual([60]);
    expectError(await submit(big, boss.id, '1234567890'), 404, t.noActiveBoss);

    app.clock.advance(defeatAt + 2 * 3_600_000 - 1 - app.clock.now);
    await app.jobs.runDue();
    expect(await current(big)).toBeNull();
    app.clock.advance(1);
    await app.jobs.runDue();
    await app.jobs.runDue();
    const next = await current(big);
    // Its integrity follows what the level-1 boss took to kill (every crack of the earlier tests counts).
    const [kill] = await app.db.database.query<{ cracks: number; damage: number; max: number }>(
      'SELECT count(*)::int AS cracks, sum(h.damage)::int AS damage, max(b.max_integrity) AS ' +
        'max FROM blockchain_hits h JOIN blockchain_bosses b ON b.id = h.boss_id WHERE b.id = $1',
      [boss.id],
    );
    const integrity = nextBossIntegrity(2, {
      maxIntegrity: Number(kill!.max),
      cracks: Number(kill!.cracks),
      totalDamage: Number(kill!.damage),
    });
    expect(next).toMatchObject({ level: 2, currentProgress: integrity, maxProgress: integrity });
    expect(next.id).not.toBe(boss.id);
    const count = await app.db.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM blockchain_bosses WHERE status = 'active'",
    );
    expect(Number(count[0]!.n)).toBe(1);
    expect(await rewards(finisher)).toEqual([40]);
  });

  it('a blacklisted winner gets nothing, and the card says so', async () => {
    const high = await player({ attack: 100, level: 30, exp: 100 });
    const boss = await code();
    await setIntegrity(app, 1);
    roll = 0.2; // chance at 28 levels above the boss: the 50 % cap
    const res = await submit(high, boss.id, boss.code);
    expect(res.json()).toMatchObject({ bossDefeated: true, blacklisted: true, rewardReceived: 0 });
    expect((await ledgerRows(app.db.database, high.id)).filter((r) => r.reason === 'boss-reward')).toEqual([]);
    expect((await high.request('GET', '/api/blockchain/last-defeated')).json()).toMatchObject({
      lastHitterBlacklisted: true,
      lastHitterReward: 0,
      mostDamageBlacklisted: true,
      mostDamageReward: 0,
    });
    app.clock.advance(2 * 3_600_000);
    await app.jobs.runDue();
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const p = await player({ attack: 25, exp: 4 });
    const rich = await player({ attack: 5, exp: 100 });
    const boss = await code();
    const state = async () =>
      JSON.stringify([
        await app.db.database.query('SELECT id, current_exp, level FROM users ORDER BY id'),
        await app.db.database.query(
          'SELECT id, code, integrity, code_version, status FROM blockchain_bosses ORDER BY id',
        ),
        await app.db.database.query('SELECT count(*)::int AS n FROM blockchain_attempts'),
      ]);
    const before = await state();
    expectError(await submit(rich, boss.id, '12345abcde'), 400, t.invalidCharacters);
    expectError(await submit(rich, boss.id, '123'), 400, t.invalidLength(10));
    expectError(await submit(rich, boss.id, '   '), 400, t.invalidLength(10));
    expectError(await submit(rich, boss.id + 1000, wrongFor(boss.code)), 409, t.staleBoss);
    expectError(await submit(rich, boss.id + 1, wrongFor(boss.code)), 409, t.staleBoss);
    expectError(await submit(p, boss.id, wrongFor(boss.code)), 409, t.notEnoughExp(5));
    for (const body of [
      {},
      { bossId: boss.id },
      { bossId: String(boss.id), guess: '1' },
      { bossId: 1.5, guess: '1' },
      { bossId: boss.id, guess: '1', extra: 1 },
      { bossId: 2 ** 53 + 1, guess: '1' },
      { bossId: boss.id, guess: 'x'.repeat(100) },
      { bossId: boss.id, guess: '123\u0000' },
    ]) {
      const res = await rich.request('POST', '/api/blockchain/submit-code', body, { 'idempotency-key': randomUUID() });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expectError(
      await rich.request('POST', '/api/blockchain/submit-code', { bossId: boss.id, guess: wrongFor(boss.code) }),
      400,
      texts.idempotencyKeyMissing,
    );
    expect(await state()).toBe(before);
    // Too fast: a second guess within the 500 ms window is refused and costs nothing.
    expect((await submit(rich, boss.id, wrongFor(boss.code))).statusCode).toBe(200);
    const paid = await expOf(app, rich);
    app.clock.advance(gap - 1);
    expectError(await submit(rich, boss.id, wrongFor(boss.code)), 429, t.tooFast);
    expect(await expOf(app, rich)).toEqual(paid);
    app.clock.advance(1);
    expect((await submit(rich, boss.id, wrongFor(boss.code))).statusCode).toBe(200);
  });

  it('a retried guess (same Idempotency-Key) is answered once and charged once', async () => {
    const p = await player({ attack: 5, exp: 10 });
    const boss = await code();
    const key = randomUUID();
    const first = await submit(p, boss.id, wrongFor(boss.code), key);
    app.clock.advance(gap);
    const again = await submit(p, boss.id, wrongFor(boss.code), key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await expOf(app, p)).exp).toBe(9);
  });

  it('never sends a code in any response or event (secrecy scan)', async () => {
    const p = await player({ attack: 1, exp: 1 });
    const boss = await code();
    await submit(p, boss.id, boss.code);
    await code();
    expect(codes.size).toBeGreaterThan(3);
    expect(seen.length).toBeGreaterThan(20);
    // A guess echoes what a player typed (a cracked code is no secret any more); everything else is scanned.
    const withoutGuesses = seen.map((s) =>
      JSON.stringify(JSON.parse(s), (key, value: unknown) => (key === 'guess' ? undefined : value)),
    );
    for (const c of codes)
      for (const s of withoutGuesses) expect(s.includes(c), `code ${c} leaked in ${s.slice(0, 200)}`).toBe(false);
    // The code now current was never guessed: it appears nowhere at all, guesses included.
    const now = (await activeCode(app)).code;
    for (const s of seen) expect(s.includes(now)).toBe(false);
  });
});
