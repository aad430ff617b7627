import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../core/random';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/connect';
import { asPlayer, type Player } from '../../../../tests/support/app';
import { testConfig } from '../../../../tests/support/config';
import { freshDatabase, type TestDatabase } from '../../../../tests/support/db';
import { startFakeStripe, stripeConfigFor, type FakeStripe } from '../../../../tests/support/fake-stripe';
import { barrier } from '../../../../tests/support/race';

const racers = 20;

const coreCount = async (database: Database, userId: number) =>
  Number(
    (await database.query<{ n: string }>('SELECT count(*) AS n FROM telnet_cores WHERE user_id = $1', [userId]))[0]!.n,
  );
const purchaseCount = async (database: Database, userId: number) =>
  Number(
    (await database.query<{ n: string }>('SELECT count(*) AS n FROM virus_purchases WHERE user_id = $1', [userId]))[0]!
      .n,
  );

/**
 * The naive fulfilment the race tests must catch first: read the purchase's status without a lock,
 * then award and mark it, so two arrivals that both read 'started' both award.
 */
async function naiveFulfil(
  database: Database,
  purchaseId: number,
  userId: number,
  allRead: () => Promise<void>,
): Promise<void> {
  const [row] = await database.query<{ status: string }>('SELECT status FROM virus_purchases WHERE id = $1', [
    purchaseId,
  ]);
  // The interleaving that breaks it, forced rather than hoped for: every racer reads before any awards.
  await allRead();
  if (row!.status !== 'started') return;
  await database.query(
    `WITH awarded AS (INSERT INTO telnet_cores (user_id, core_type_id) SELECT $1, 1 FROM generate_series(1, 10) RETURNING id)
     UPDATE virus_purchases SET status = 'fulfilled' WHERE id = $2`,
    [userId, purchaseId],
  );
}

/** The naive start: sum today's purchases, then insert, with no lock between (the limit and cooldown leak). */
async function naiveStart(database: Database, userId: number, allChecked: () => Promise<void>): Promise<void> {
  const [last] = await database.query<{ n: string }>(
    "SELECT count(*) AS n FROM virus_purchases WHERE user_id = $1 AND status <> 'failed'",
    [userId],
  );
  // The interleaving that breaks it, forced rather than hoped for: every check sees no purchase yet.
  await allChecked();
  if (Number(last!.n) > 0) return; // inside the cooldown
  await database.query(
    "INSERT INTO virus_purchases (user_id, idempotency_key, trojan_count, amount_cents, currency, created_at) VALUES ($1, $2, 10, 1990, 'usd', now())",
    [userId, randomUUID()],
  );
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  `${racers} concurrent Virus fulfilments on two instances [postgres]`,
  () => {
    let db: TestDatabase;
    let fake: FakeStripe;
    let instances: App[];
    beforeAll(async () => {
      db = await freshDatabase('postgres', { max: 30 });
      fake = await startFakeStripe();
      // Two instances on one database and one provider, as behind a load balancer.
      instances = await Promise.all(
        [1, 2].map((seed) =>
          buildApp({
            config: testConfig({ payments: stripeConfigFor(fake) }),
            database: db.database,
            random: seededRandom(seed),
          }),
        ),
      );
    });
    afterAll(async () => {
      for (const app of instances) await app.close();
      await fake.close();
      await db.dispose();
    });

    async function startPaid(p: Player) {
      const res = await p.request(
        'POST',
        '/api/create-payment-intent',
        { trojanCount: 10 },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(200);
      fake.succeed(res.json().paymentIntentId);
      return res.json() as { paymentIntentId: string; purchaseId: number };
    }

    it('catches the naive read-then-award version (the check has teeth)', async () => {
      const p = await asPlayer(instances[0]!);
      const { purchaseId } = await startPaid(p);
      const allRead = barrier(racers);
      await Promise.all(Array.from({ length: racers }, () => naiveFulfil(db.database, purchaseId, p.id, allRead)));
      expect(await coreCount(db.database, p.id)).toBe(racers * 10);
    });

    it('completions racing webhooks on two instances award the 10 cores exactly once', async () => {
      const p = await asPlayer(instances[0]!);
      const { paymentIntentId } = await startPaid(p);
      const hook = fake.webhook('payment_intent.succeeded', fake.intents.get(paymentIntentId)!);
      const responses = await Promise.all(
        Array.from({ length: racers }, (_, i) => {
          const app = instances[i % 2]!;
          return i % 4 < 2
            ? app.fastify.inject({
                method: 'POST',
                url: '/api/complete-trojan-purchase',
                headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
                payload: { paymentIntentId },
              })
            : app.fastify.inject({
                method: 'POST',
                url: '/api/payments/webhook',
                payload: hook.payload,
                headers: hook.headers,
              });
        }),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(racers).fill(200));
      expect(await coreCount(db.database, p.id)).toBe(10);
      const [row] = await db.database.query<{ status: string; n: number }>(
        'SELECT status, jsonb_array_length(cores) AS n FROM virus_purchases WHERE payment_intent_id = $1',
        [paymentIntentId],
      );
      expect(row).toEqual({ status: 'fulfilled', n: 10 });
    });

    it('catches the naive check-then-insert start (the limit leaks)', async () => {
      const p = await asPlayer(instances[0]!);
      const allChecked = barrier(racers);
      await Promise.all(Array.from({ length: racers }, () => naiveStart(db.database, p.id, allChecked)));
      expect(await purchaseCount(db.database, p.id)).toBe(racers);
    });

    it('20 clicks at once with different keys start one purchase; the cooldown refuses the rest', async () => {
      const p = await asPlayer(instances[0]!);
      const responses = await Promise.all(
        Array.from({ length: racers }, (_, i) =>
          instances[i % 2]!.fastify.inject({
            method: 'POST',
            url: '/api/create-payment-intent',
            headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken, 'idempotency-key': randomUUID() },
            payload: { trojanCount: 10 },
          }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(racers - 1);
      expect(await purchaseCount(db.database, p.id)).toBe(1);
    });
  },
);
