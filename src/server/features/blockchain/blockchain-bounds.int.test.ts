import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { utcDayStart } from '../../../core/rules/virus';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { activeCode, expOf, setIntegrity, setPlayer, submit, wrongFor } from '../../../../tests/support/blockchain';
import { drivers } from '../../../../tests/support/db';
import { ledgerRows } from '../../../../tests/support/players';

const hours = 3_600_000;

/** The Blockchain's bounds (ADR 050): guesses are never free, bosses keep pace with gear, rewards stop at a cap. */
describe.each(drivers)('blockchain bounds [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, { random: () => 0.99 }); // no crits, never blacklisted
  });
  afterAll(() => app.close());
  beforeEach(() => app.clock.advance(balance.guessIgnoreWindowMs));

  const player = async (stats: Parameters<typeof setPlayer>[2]) => {
    const p = await asPlayer(app);
    await setPlayer(app, p, { criticalRate: 0, ...stats });
    return p;
  };
  const boss = async (p: Player) => (await p.request('GET', '/api/blockchain/current')).json();
  /** Lets the 2-hour respawn come due and runs it. */
  const respawn = async () => {
    app.clock.advance(balance.bossRespawnHours * hours);
    await app.jobs.runDue();
  };
  const bossRewards = async (p: Player) =>
    (await ledgerRows(app.db.database, p.id)).filter((r) => r.reason === 'boss-reward').map((r) => r.delta);

  it('a guess at attack 1–4 costs 1 EXP; a player with none to spend is refused and keeps everything', async () => {
    const weak = await player({ attack: 4, exp: 2 });
    const broke = await player({ attack: 1, exp: 0 });
    expect(await boss(weak)).toMatchObject({ attackStat: 4, expCostPerGuess: 1 });
    const { id, code } = await activeCode(app);
    const res = await submit(weak, id, wrongFor(code));
    expect(res.json()).toMatchObject({ codeCorrect: false, expLost: 1 });
    expect(await expOf(app, weak)).toEqual({ level: 1, exp: 1 });
    expectError(await submit(broke, id, wrongFor(code)), 409, texts.blockchain.notEnoughExp(1));
    expectError(await submit(broke, id, code), 409, texts.blockchain.notEnoughExp(1));
    expect(await expOf(app, broke)).toEqual({ level: 1, exp: 0 });
    expect((await activeCode(app)).codeVersion).toBe(1);
  });

  it('a boss killed by one crack is followed by a harder one, each time', async () => {
    const geared = await player({ attack: 40, exp: 1000 });
    const first = await activeCode(app);
    expect(first.integrity).toBe(10);
    expect((await submit(geared, first.id, first.code)).json()).toMatchObject({ damage: 40, bossDefeated: true });
    await respawn();
    // 10 cracks of 40 would be 400; one boss grows at most ×4: 40, not the level's 20.
    expect(await boss(geared)).toMatchObject({ level: 2, maxProgress: 40, currentProgress: 40 });
    app.clock.advance(balance.guessIgnoreWindowMs);
    const second = await activeCode(app);
    expect((await submit(geared, second.id, second.code)).json()).toMatchObject({ damage: 40, bossDefeated: true });
    await respawn();
    expect(await boss(geared)).toMatchObject({ level: 3, maxProgress: 160 });
  });

  it('boss rewards stop at the daily cap: a second kill the same UTC day pays nothing, the next day pays again', async () => {
    // Start early in a UTC day, so two kills 2 hours apart fall on the same day.
    app.clock.advance(utcDayStart(app.clock.now) + 24 * hours + 1 * hours - app.clock.now);
    await app.jobs.runDue();
    const hunter = await player({ attack: 5, exp: 1000, level: 1 });
    const kill = async () => {
      app.clock.advance(balance.guessIgnoreWindowMs);
      await app.db.database.query("UPDATE blockchain_bosses SET level = 30 WHERE status = 'active'");
      await setIntegrity(app, 1);
      const { id, code } = await activeCode(app);
      const res = await submit(hunter, id, code);
      expect(res.json()).toMatchObject({ bossDefeated: true, blacklisted: false });
      return res.json().rewardReceived as number;
    };
    // A level-30 boss pays level 10's rewards: 400 + 600, which is the whole day's cap.
    expect(await kill()).toBe(balance.bossDailyRewardCapTelnet);
    await respawn();
    expect(await kill()).toBe(0);
    expect((await hunter.request('GET', '/api/blockchain/last-defeated')).json()).toMatchObject({
      lastHitterReward: 0,
      mostDamageReward: 0,
      lastHitterBlacklisted: false,
    });
    expect(await bossRewards(hunter)).toEqual([400, 600]);

    app.clock.advance(utcDayStart(app.clock.now) + 24 * hours + 1 * hours - app.clock.now);
    await app.jobs.runDue();
    expect(await kill()).toBe(1000);
    expect(await bossRewards(hunter)).toEqual([400, 600, 400, 600]);
  });
});
