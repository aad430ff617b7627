import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/connect';
import { asPlayer, type Player } from '../../../../tests/support/app';
import { testConfig } from '../../../../tests/support/config';
import { freshDatabase, type TestDatabase } from '../../../../tests/support/db';
import { barrier } from '../../../../tests/support/race';

const racers = 20;

/** Telnet on the balance, the ledger's sum for it, and how many mission rows the ledger has. */
async function payout(database: Database, userId: number) {
  const [u] = await database.query<{ telnet: string }>('SELECT telnet FROM users WHERE id = $1', [userId]);
  const [l] = await database.query<{ s: string; n: string }>(
    "SELECT coalesce(sum(delta),0) AS s, count(*) FILTER (WHERE reason = 'mission') AS n FROM telnet_ledger WHERE user_id = $1",
    [userId],
  );
  return { telnet: Number(u!.telnet), ledger: Number(l!.s), missionRows: Number(l!.n) };
}

/**
 * The deliberately naive version: check for a completion, then pay and record it, without letting
 * the insert decide who pays. It is what the race test must catch before its passing means anything.
 * Every racer checks before any pays (`allChecked`, a barrier): forced, not hoped for from the scheduler.
 */
async function naiveComplete(
  database: Database,
  userId: number,
  missionId: string,
  allChecked: () => Promise<void>,
): Promise<void> {
  const done = await database.query('SELECT 1 FROM mission_completions WHERE user_id = $1 AND mission_id = $2', [
    userId,
    missionId,
  ]);
  await allChecked();
  if (done.length > 0) return;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE users SET telnet = telnet + 10 WHERE id = ${userId}`);
    await tx.execute(
      sql`INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES (${userId}, 10, 'mission', ${`naive:${missionId}`})`,
    );
    await tx.execute(
      sql`INSERT INTO mission_completions (user_id, mission_id) VALUES (${userId}, ${missionId}) ON CONFLICT DO NOTHING`,
    );
  });
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL
// only (CI sets TEST_DATABASE_URL; locally: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.TEST_DATABASE_URL)(`${racers} concurrent mission completions [postgres]`, () => {
  let db: TestDatabase;
  let instances: App[];
  beforeAll(async () => {
    db = await freshDatabase('postgres', { max: 25 });
    // Two instances on one database, as behind a load balancer.
    instances = await Promise.all([1, 2].map(() => buildApp({ config: testConfig(), database: db.database })));
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await db.dispose();
  });

  async function decodedPlayer(): Promise<Player> {
    const p = await asPlayer(instances[0]!);
    await db.database.query('UPDATE users SET total_taps = 1 WHERE id = $1', [p.id]);
    return p;
  }

  it('catches the naive check-then-pay version (the check has teeth)', async () => {
    const p = await decodedPlayer();
    const allChecked = barrier(racers);
    await Promise.all(
      Array.from({ length: racers }, () => naiveComplete(db.database, p.id, 'clear_binary_row', allChecked)),
    );
    const paid = await payout(db.database, p.id);
    // Every racer found no completion: the 10 Telnet reward is paid 20 times.
    expect(paid.telnet).toBe(racers * 10);
  });

  it('pays 10 Telnet exactly once, with one ledger row, however many requests race', async () => {
    const p = await decodedPlayer();
    const responses = await Promise.all(
      Array.from({ length: racers }, (_, i) => {
        const app = instances[i % 2]!;
        return app.fastify.inject({
          method: 'POST',
          url: '/api/missions/complete',
          headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
          payload: { missionId: 'clear_binary_row' },
        });
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(racers).fill(200));
    expect(responses.filter((r) => r.json().rewardTelnet === 10)).toHaveLength(1);
    expect(await payout(db.database, p.id)).toEqual({ telnet: 10, ledger: 10, missionRows: 1 });
  });
});
