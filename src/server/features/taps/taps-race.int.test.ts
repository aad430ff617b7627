import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, randomInt } from '../../../core/random';
import { convertDecodesToTelnet } from '../../../core/rules/telnet';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { asPlayer, type Player } from '../../../../tests/support/app';
import { testConfig } from '../../../../tests/support/config';
import { freshDatabase, type TestDatabase } from '../../../../tests/support/db';
import { holdTransaction, settlesOrWaits, untilLockWaiters } from '../../../../tests/support/locks';
import { barrier } from '../../../../tests/support/race';

/** What must hold for every player after any mix of concurrent requests. */
async function findViolations(database: Database, players: Player[], acceptedTaps: Map<number, number>) {
  const violations: string[] = [];
  for (const p of players) {
    const [u] = await database.query<{ telnet: string; total_taps: string }>(
      'SELECT telnet, total_taps FROM users WHERE id = $1',
      [p.id],
    );
    const [l] = await database.query<{ s: string }>(
      'SELECT coalesce(sum(delta),0) AS s FROM telnet_ledger WHERE user_id = $1',
      [p.id],
    );
    if (Number(u!.telnet) !== Number(l!.s)) violations.push(`player ${p.id}: balance ${u!.telnet} ≠ ledger ${l!.s}`);
    if (Number(u!.total_taps) !== (acceptedTaps.get(p.id) ?? 0)) {
      violations.push(`player ${p.id}: ${u!.total_taps} taps stored, ${acceptedTaps.get(p.id) ?? 0} acknowledged`);
    }
  }
  return violations;
}

/**
 * The deliberately naive version: read the row, compute, write absolute values back, outside one
 * locked transaction. It is what a race test must be able to catch before its passing means anything.
 * Every batch reads before any writes (`allRead`, a barrier): forced, not hoped for from the scheduler.
 */
async function naiveTapBatch(
  database: Database,
  userId: number,
  tapCount: number,
  allRead: () => Promise<void>,
): Promise<void> {
  const [u] = await database.db.select().from(users).where(eq(users.id, userId));
  const gain = convertDecodesToTelnet(tapCount, u!.connectionRate, u!.telnetCents);
  await allRead();
  await database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ telnet: u!.telnet + gain.telnet, telnetCents: gain.remainderCents, totalTaps: u!.totalTaps + tapCount })
      .where(eq(users.id, userId));
    if (gain.telnet > 0)
      await tx.execute(
        sql`INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES (${userId}, ${gain.telnet}, 'decode', 'naive')`,
      );
  });
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL
// only (CI sets TEST_DATABASE_URL; locally: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent tap batches [postgres]', () => {
  let db: TestDatabase;
  let instances: App[];
  let players: Player[];
  beforeAll(async () => {
    db = await freshDatabase('postgres', { max: 20 });
    // Two app instances on one database: what two servers behind a load balancer look like.
    instances = await Promise.all(
      [1, 2].map(() =>
        buildApp({ config: testConfig(), database: db.database, tapRate: { refillPerSecond: 1e6, capacity: 1e6 } }),
      ),
    );
    players = [];
    for (let i = 0; i < 6; i++) players.push(await asPlayer(instances[0]!));
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await db.dispose();
  });

  it('catches the naive read-then-write version (the check has teeth)', async () => {
    const random = seededRandom(7);
    const acknowledged = new Map<number, number>();
    const batches = 240;
    const allRead = barrier(batches);
    await Promise.all(
      Array.from({ length: batches }, async () => {
        const p = players[randomInt(random, 0, players.length - 1)]!;
        const taps = randomInt(random, 1, 5);
        await naiveTapBatch(db.database, p.id, taps, allRead);
        acknowledged.set(p.id, (acknowledged.get(p.id) ?? 0) + taps);
      }),
    );
    // Every batch wrote back a total read before the others: each player keeps one batch's taps.
    expect(await findViolations(db.database, players, acknowledged)).toHaveLength(players.length);
  });

  it('keeps ledger = balance and every acknowledged decode under many concurrent random batches', async () => {
    await db.database.query('UPDATE users SET telnet = 0, telnet_cents = 0, total_taps = 0');
    await db.database.query('ALTER TABLE telnet_ledger DISABLE TRIGGER telnet_ledger_append_only');
    await db.database.query('DELETE FROM telnet_ledger'); // only to reset after the naive run
    await db.database.query('ALTER TABLE telnet_ledger ENABLE TRIGGER telnet_ledger_append_only');
    const random = seededRandom(11);
    const acknowledged = new Map<number, number>();
    let stamp = 0;
    const statuses = await Promise.all(
      Array.from({ length: 600 }, async () => {
        const p = players[randomInt(random, 0, players.length - 1)]!;
        const app = instances[randomInt(random, 0, 1)]!;
        const tapCount = randomInt(random, 1, 5);
        const res = await app.fastify.inject({
          method: 'POST',
          url: '/api/game/tap-batch',
          headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
          payload: {
            secureData: (await import('../../../core/secure-data')).encodeSecureData(
              { tapCount, batchTimestamp: ++stamp },
              'client',
            ),
          },
        });
        if (res.statusCode === 200) acknowledged.set(p.id, (acknowledged.get(p.id) ?? 0) + tapCount);
        return res.statusCode;
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await findViolations(db.database, players, acknowledged)).toEqual([]);
    const total = [...acknowledged.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(1000);
  });

  it('a tap group in flight leaves its players free for foreign-key inserts (a chat line is not held up by it)', async () => {
    const [p, q] = [players[0]!, players[1]!];
    expect(p.id).toBeLessThan(q.id);
    const batchTimestamp = 9_000_000;
    // Deterministic: another session holds q's batch key uncommitted, so a group of p's and q's
    // batches stops on q after it has locked p, and waits there.
    const key = await holdTransaction(db.database, (tx) =>
      tx.execute(
        sql`INSERT INTO tap_batches (user_id, batch_timestamp, created_at) VALUES (${q.id}, ${batchTimestamp}, now())`,
      ),
    );
    const taps = instances[0]!.services.taps;
    // Submitted in one turn of the event loop: one group, one transaction for both players.
    const group = Promise.all([p, q].map((player) => taps.submitBatch(player.id, { tapCount: 3, batchTimestamp })));
    try {
      await untilLockWaiters(db.database, 1);
      // The chat line's foreign key takes KEY SHARE on p's row: it waits only if the group holds
      // that row FOR UPDATE (docs/decisions/044-one-lock-order.md).
      const line = await settlesOrWaits(
        db.database,
        p.request('POST', '/api/chat/messages', { message: 'still here' }),
        2,
      );
      expect(line.kind).toBe('settled');
      expect(line.kind === 'settled' && line.value.statusCode).toBe(201);
    } finally {
      await key.release();
    }
    expect((await group).map((o) => o.kind)).toEqual(['counted', 'counted']);
  });
});
