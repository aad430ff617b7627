import { and, eq, gte, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../../src/server/db/connect';
import { HttpError, parseInput } from '../../src/server/http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../src/server/http/idempotency-key';
import { requireAuth } from '../../src/server/http/session';
import { runIdempotent } from '../../src/server/idempotency/run-idempotent';

// TEST ONLY. The spending features (market, kernel, shop...) arrive in later issues; until then the
// idempotency tests prove the module through the real app with this small purchase: a wallet of
// coins debited by one conditional statement and a purchase row, both inside runIdempotent.

export const spendPath = '/api/test/spend';
export const spendScope = 'test.spend';
export const itemPrices = { probe: 30, rootkit: 70 } as const;
export const notEnoughCoins = 'Not enough coins';
const SpendBody = z.strictObject({ item: z.enum(['probe', 'rootkit']) });

const testWallets = pgTable('test_wallets', {
  userId: integer('user_id').primaryKey(),
  coins: integer('coins').notNull(),
});
const testPurchases = pgTable('test_purchases', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  item: text('item').notNull(),
});

export async function createSpendTables(database: Database): Promise<void> {
  await database.query(
    'CREATE TABLE test_wallets (user_id integer PRIMARY KEY, coins integer NOT NULL CHECK (coins >= 0))',
  );
  await database.query(
    'CREATE TABLE test_purchases (id serial PRIMARY KEY, user_id integer NOT NULL, item text NOT NULL)',
  );
}

export async function giveCoins(database: Database, userId: number, coins: number): Promise<void> {
  await database.query(
    'INSERT INTO test_wallets (user_id, coins) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET coins = EXCLUDED.coins',
    [userId, coins],
  );
}

/** What the player owns: coins left and purchases, read straight from the tables. */
export async function holdings(database: Database, userId: number): Promise<{ coins: number; purchases: number[] }> {
  const [wallet] = await database.query<{ coins: number }>('SELECT coins FROM test_wallets WHERE user_id = $1', [
    userId,
  ]);
  const rows = await database.query<{ id: number }>('SELECT id FROM test_purchases WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
  return { coins: wallet?.coins ?? 0, purchases: rows.map((r) => r.id) };
}

/** A purchase row written by one statement on whatever runs it (the pool, or a transaction). */
export async function insertPurchase(db: Executor, userId: number, item: keyof typeof itemPrices): Promise<void> {
  await db.execute(sql`insert into test_purchases (user_id, item) values (${userId}, ${item})`);
}

/** The player's purchase count, read by one plain statement. */
export async function countPurchases(db: Executor, userId: number): Promise<number> {
  const rows = (await db.execute(
    sql`select count(*) as n from test_purchases where user_id = ${userId}`,
  )) as unknown as Array<{ n: string | number }> | { rows: Array<{ n: string | number }> };
  return Number((Array.isArray(rows) ? rows : rows.rows)[0]!.n);
}

/** Buys one item. The purchase row is written before the debit so a refusal must undo a write. */
export async function buyItem(
  tx: Parameters<Parameters<typeof runIdempotent>[2]>[0],
  userId: number,
  item: keyof typeof itemPrices,
) {
  const [purchase] = await tx.insert(testPurchases).values({ userId, item }).returning({ id: testPurchases.id });
  const price = itemPrices[item];
  const [wallet] = await tx
    .update(testWallets)
    .set({ coins: sql`${testWallets.coins} - ${price}` })
    .where(and(eq(testWallets.userId, userId), gte(testWallets.coins, price)))
    .returning({ coins: testWallets.coins });
  if (!wallet) throw new HttpError(409, notEnoughCoins);
  return { statusCode: 201, body: { purchaseId: purchase!.id, coinsLeft: wallet.coins } };
}

/** POST /api/test/spend { item }: the shape every spending route takes. */
export function registerSpendRoute(
  fastify: FastifyInstance,
  deps: { database: () => Database; now: () => number },
): void {
  fastify.post(spendPath, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    const body = parseInput(SpendBody, request.body);
    const outcome = await runIdempotent(
      deps.database(),
      { userId: user.id, key, scope: spendScope, request: body, now: deps.now() },
      (tx) => buyItem(tx, user.id, body.item),
    );
    return sendOutcome(reply, outcome);
  });
}
