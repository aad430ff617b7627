import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/connect';
import { insertBoss } from './store';
import { lockUsers } from '../taps/store';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { activeCode, expOf, setIntegrity, setPlayer, submit } from '../../../../tests/support/blockchain';
import { testConfig } from '../../../../tests/support/config';
import { freshDatabase } from '../../../../tests/support/db';
import { holdTransaction, untilLockWaiters } from '../../../../tests/support/locks';
import { barrier } from '../../../../tests/support/race';

const racers = 20;

/**
 * The deliberately naive crack: read the boss, compare, then write the new integrity and code with
 * no condition between. Used only to show the one-winner check below catches a read-then-write version.
 */
async function naiveCrack(
  database: Database,
  bossId: number,
  guess: string,
  allRead: () => Promise<void>,
): Promise<number> {
  const [row] = await database.query<{ code: string; integrity: number }>(
    'SELECT code, integrity FROM blockchain_bosses WHERE id = $1',
    [bossId],
  );
  await allRead();
  if (row!.code !== guess) return 409;
  await database.query("UPDATE blockchain_bosses SET integrity = $2, code = '0000000000' WHERE id = $1", [
    bossId,
    Math.max(1, Number(row!.integrity) - 1),
  ]);
  return 200;
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('Blockchain races [postgres]', () => {
  let app: TestApp;
  let players: Player[];
  beforeAll(async () => {
    app = await buildTestApp('postgres', { random: () => 0.99 });
    players = [];
    for (let i = 0; i < racers; i++) {
      const p = await asPlayer(app);
      await setPlayer(app, p, { attack: 5, exp: 100, criticalRate: 0 });
      players.push(p);
    }
  }, 120_000);
  afterAll(() => app.close());
  beforeEach(async () => {
    app.clock.advance(balance.guessIgnoreWindowMs);
    if ((await app.db.database.query("SELECT id FROM blockchain_bosses WHERE status = 'active'")).length === 0) {
      app.clock.advance(2 * 3_600_000);
      await app.jobs.runDue();
    }
  });

  /** One cracker won; the others got 'already cracked' and kept their experience. */
  function expectOneWinner(statuses: number[]) {
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(racers - 1);
  }

  it('20 players send the correct code at once: cracked once, one damage, 19 "already cracked" and charged nothing', async () => {
    await setIntegrity(app, 10);
    const boss = await activeCode(app);
    const before = await Promise.all(players.map((p) => expOf(app, p)));
    const answers = await Promise.all(players.map((p) => submit(p, boss.id, boss.code)));
    expectOneWinner(answers.map((a) => a.statusCode));
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(a.json().message).toBe(texts.blockchain.alreadyCracked);
    const after = await Promise.all(players.map((p) => expOf(app, p)));
    const winner = answers.findIndex((a) => a.statusCode === 200);
    after.forEach((e, i) => expect(e.exp).toBe(before[i]!.exp - (i === winner ? 1 : 0)));
    expect((await activeCode(app)).integrity).toBe(5);
    const hits = await app.db.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM blockchain_hits WHERE boss_id = $1',
      [boss.id],
    );
    expect(Number(hits[0]!.n)).toBe(1);
  });

  it('the one-winner check catches a naive read-then-write crack', async () => {
    const boss = await activeCode(app);
    const allRead = barrier(racers);
    const statuses = await Promise.all(players.map(() => naiveCrack(app.db.database, boss.id, boss.code, allRead)));
    expect(() => expectOneWinner(statuses)).toThrow();
    // Every player read the code before any changed it: all 20 crack the same code.
    expect(statuses.filter((s) => s === 200)).toHaveLength(racers);
    await app.db.database.query("UPDATE blockchain_bosses SET code = '1111111111' WHERE id = $1", [boss.id]);
  });

  it('the killing blow raced by 20: one defeat, one last hit, each reward paid exactly once, one next boss', async () => {
    await setIntegrity(app, 1);
    const boss = await activeCode(app);
    const answers = await Promise.all(players.map((p) => submit(p, boss.id, boss.code)));
    expectOneWinner(answers.map((a) => a.statusCode));
    expect(answers.filter((a) => a.statusCode === 200 && a.json().bossDefeated)).toHaveLength(1);
    const paid = await app.db.database.query<{ reference: string; n: number }>(
      "SELECT reference, count(*)::int AS n FROM telnet_ledger WHERE reason = 'boss-reward' AND reference LIKE $1 GROUP BY reference ORDER BY reference",
      [`boss:${boss.id}:%`],
    );
    expect(paid.map((r) => [r.reference, Number(r.n)])).toEqual([
      [`boss:${boss.id}:last-hit`, 1],
      [`boss:${boss.id}:most-damage`, 1],
    ]);
    // Two instances on this database, each with its own job runner, at the respawn time: one new boss.
    const second = await buildApp({
      config: testConfig(),
      database: app.db.database,
      now: () => app.clock.now,
      random: () => 0.99,
    });
    try {
      app.clock.advance(2 * 3_600_000);
      const ran = (await Promise.all([app.jobs.runDue(), second.jobs.runDue()])).flat();
      expect(ran.filter((job) => job.kind === 'blockchain.respawn').map((job) => job.outcome)).toEqual(['done']);
    } finally {
      await second.close();
    }
    const active = await app.db.database.query<{ level: number }>(
      "SELECT level FROM blockchain_bosses WHERE status = 'active'",
    );
    expect(active.map((r) => Number(r.level))).toEqual([2]);
  });

  it('the killing blow against a tap group holding both winners: no deadlock, both commit, each reward paid once', async () => {
    // The most damage goes to the lower id, the last hit to the higher: paying them in that order
    // (last hit first) is the order a tap group, locking by id, does not take.
    const [most, last] = [players[1]!, players[2]!];
    expect(most.id).toBeLessThan(last.id);
    await setPlayer(app, most, { attack: 8, exp: 100 });
    await setIntegrity(app, 10);
    const first = await activeCode(app);
    expect((await submit(most, first.id, first.code)).statusCode).toBe(200);
    app.clock.advance(balance.guessIgnoreWindowMs);
    await setIntegrity(app, 1);
    const boss = await activeCode(app);

    // Deterministic: a tap group for both winners has locked the first (lower id) when the killing
    // blow comes, and reaches the second once the blow is seen waiting. Paying the last hit first,
    // the blow holds the second and waits for the first: a deadlock (one side gets 40P01).
    const tapGroup = await holdTransaction(app.db.database, (tx) => lockUsers(tx, [most.id]));
    const blow = submit(last, boss.id, boss.code);
    let groupLocked: Promise<unknown> = Promise.resolve();
    try {
      await untilLockWaiters(app.db.database, 1);
      groupLocked = tapGroup.run((tx) => lockUsers(tx, [most.id, last.id]));
      await Promise.race([groupLocked.catch(() => {}), untilLockWaiters(app.db.database, 2)]);
    } finally {
      await tapGroup.release();
    }
    const [group, answer] = await Promise.allSettled([groupLocked, blow]);
    expect(group.status, String(group.status === 'rejected' && group.reason)).toBe('fulfilled');
    if (answer.status === 'rejected') throw answer.reason;
    expect(answer.value.statusCode, answer.value.body).toBe(200);
    expect(answer.value.json().bossDefeated).toBe(true);
    const paid = await app.db.database.query<{ user_id: number; reference: string }>(
      "SELECT user_id, reference FROM telnet_ledger WHERE reason = 'boss-reward' AND reference LIKE $1 ORDER BY reference",
      [`boss:${boss.id}:%`],
    );
    expect(paid.map((r) => [Number(r.user_id), r.reference])).toEqual([
      [last.id, `boss:${boss.id}:last-hit`],
      [most.id, `boss:${boss.id}:most-damage`],
    ]);
  });

  it('instances starting together on an empty database agree on one first boss (the unique index decides, nobody fails)', async () => {
    const empty = await freshDatabase('postgres');
    const instances: App[] = [];
    try {
      // Deterministic: a third instance's first boss is being inserted when these two start; both
      // read "no boss", both inserts wait on the unique index, then that boss commits.
      const firstBoss = await holdTransaction(empty.database, (tx) =>
        insertBoss(tx, {
          level: 1,
          integrity: 10,
          maxIntegrity: 10,
          codeLength: 10,
          code: '0123456789',
          spawnedAt: new Date(app.clock.now),
        }),
      );
      const starting = Promise.allSettled(
        [1, 2].map(() => buildApp({ config: testConfig(), database: empty.database, now: () => app.clock.now })),
      );
      try {
        await untilLockWaiters(empty.database, 2);
      } finally {
        await firstBoss.release({ commit: true });
      }
      for (const started of await starting) {
        if (started.status === 'fulfilled') instances.push(started.value);
      }
      expect((await starting).map((s) => (s.status === 'rejected' ? String(s.reason) : s.status))).toEqual([
        'fulfilled',
        'fulfilled',
      ]);
      const bosses = await empty.database.query<{ n: number }>('SELECT count(*)::int AS n FROM blockchain_bosses');
      expect(Number(bosses[0]!.n)).toBe(1);
    } finally {
      for (const instance of instances) await instance.close();
      await empty.dispose();
    }
  });

  it('one player sending 20 guesses at once gets one through the 500 ms window and pays once', async () => {
    const p = players[0]!;
    const boss = await activeCode(app);
    const before = await expOf(app, p);
    const wrong = [...boss.code].map((d) => String((Number(d) + 1) % 10)).join('');
    const answers = await Promise.all(Array.from({ length: racers }, () => submit(p, boss.id, wrong)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(racers - 1);
    expect((await expOf(app, p)).exp).toBe(before.exp - 1);
  });
});
