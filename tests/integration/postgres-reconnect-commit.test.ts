import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/random';
import { texts } from '../../src/core/texts';
import { buildApp, type App } from '../../src/server/app';
import { createDb, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { OutcomeUnknownError } from '../../src/server/db/outcome-unknown';
import {
  countPurchases,
  createSpendTables,
  giveCoins,
  holdings,
  insertPurchase,
  itemPrices,
  registerSpendRoute,
  spendPath,
} from '../support/spend-fixture';
import { asPlayer, expectError } from '../support/app';
import { startCommitDroppingProxy, type CommitDroppingProxy } from '../support/commit-dropping-proxy';
import { testConfig } from '../support/config';

// Needs a PostgreSQL server (CI sets TEST_DATABASE_URL). The app's pool talks to it through a proxy
// that can cut a connection between a COMMIT and its reply.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a connection lost around COMMIT never applies a change twice [postgres]',
  () => {
    let admin: postgres.Sql;
    let direct: postgres.Sql;
    let proxy: CommitDroppingProxy;
    let database: Database;
    let app: App;
    const name = `bb_test_${randomBytes(6).toString('hex')}`;
    const now = Date.UTC(2026, 10, 22, 12);

    beforeAll(async () => {
      admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      direct = postgres(url.toString(), { max: 1, onnotice: () => {} });
      proxy = await startCommitDroppingProxy(url.toString());
      database = await createDb({ kind: 'postgres', url: proxy.url, max: 4 });
      await migrate(database);
      await createSpendTables(database);
      app = await buildApp({ config: testConfig(), database, now: () => now, random: seededRandom(7) });
      registerSpendRoute(app.fastify, { database: () => database, now: () => now });
      await app.fastify.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await proxy?.close();
      await direct?.end();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    /** Counted on a connection that bypasses the proxy. */
    const purchasesOf = async (userId: number) =>
      Number((await direct`SELECT count(*) AS n FROM test_purchases WHERE user_id = ${userId}`)[0]!.n);

    it('a transaction whose COMMIT reply was lost is not run again: the caller learns the outcome is unknown', async () => {
      const player = await asPlayer(app);
      const cutsBefore = proxy.cuts;
      proxy.dropNextCommitReply();
      const purchase = database.db.transaction((tx) => insertPurchase(tx, player.id, 'probe'));
      const failure = await purchase.then(
        () => null,
        (error: unknown) => error,
      );
      expect(proxy.cuts).toBe(cutsBefore + 1);
      // PostgreSQL did commit it, exactly once; re-running the transaction would have made it two.
      expect(await purchasesOf(player.id)).toBe(1);
      expect(failure).toBeInstanceOf(OutcomeUnknownError);
    });

    it('answers 503 with a clear text, then a retry with the same key answers the first outcome without applying again', async () => {
      const player = await asPlayer(app);
      await giveCoins(database, player.id, 100);
      const buy = () =>
        player.request('POST', spendPath, { item: 'probe' }, { 'idempotency-key': 'lost-commit-reply' });
      proxy.dropNextCommitReply();
      expectError(await buy(), 503, texts.outcomeUnknown);
      const [afterLoss] = [await holdings(database, player.id)];
      expect(afterLoss.coins).toBe(100 - itemPrices.probe);
      expect(afterLoss.purchases).toHaveLength(1);

      const retry = await buy();
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.data).toEqual({ purchaseId: afterLoss.purchases[0], coinsLeft: 100 - itemPrices.probe });
      expect(await holdings(database, player.id)).toEqual(afterLoss);
    });

    it('a transaction cut before COMMIT was sent is run again on a fresh connection, and applied once', async () => {
      const player = await asPlayer(app);
      const cutsBefore = proxy.cuts;
      proxy.dropBeforeNextStatement(/insert into test_purchases/i);
      await database.db.transaction((tx) => insertPurchase(tx, player.id, 'rootkit'));
      expect(proxy.cuts).toBe(cutsBefore + 1);
      expect(await purchasesOf(player.id)).toBe(1);
    });

    it('a read cut on the way is run again; a single write that may have been sent is not', async () => {
      const player = await asPlayer(app);
      await direct`INSERT INTO test_purchases (user_id, item) VALUES (${player.id}, 'probe')`;
      const cutsBefore = proxy.cuts;
      proxy.dropBeforeNextStatement(/select count\(\*\) as n from test_purchases/i);
      expect(await countPurchases(database.db, player.id)).toBe(1);
      expect(proxy.cuts).toBe(cutsBefore + 1);

      proxy.dropBeforeNextStatement(/insert into test_purchases/i);
      const write = insertPurchase(database.db, player.id, 'rootkit');
      await expect(write).rejects.toSatisfy(
        (error: unknown) => (error as { cause?: unknown }).cause instanceof OutcomeUnknownError,
      );
      expect(proxy.cuts).toBe(cutsBefore + 2);
      // This cut came before the statement left, so nothing was written; the app could not know that.
      expect(await purchasesOf(player.id)).toBe(1);
    });
  },
);
