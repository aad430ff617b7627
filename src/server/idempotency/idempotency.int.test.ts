import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { texts } from '../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { HttpError } from '../http/errors';
import { pruneIdempotencyKeys, runIdempotent, runTransaction } from './index';
import {
  buyItem,
  createSpendTables,
  giveCoins,
  holdings,
  itemPrices,
  notEnoughCoins,
  registerSpendRoute,
  spendPath,
  spendScope,
} from '../../../tests/support/spend-fixture';

describe.each(drivers)('exactly-once spending with idempotency keys [%s]', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(kind, {
      routes: (fastify) => registerSpendRoute(fastify, { database: () => app.db.database, now: () => app.clock.now }),
    });
    await createSpendTables(app.db.database);
  });
  afterAll(() => app.close());

  async function playerWith(coins: number): Promise<Player> {
    const player = await asPlayer(app);
    await giveCoins(app.db.database, player.id, coins);
    return player;
  }
  const buy = (player: Player, item: string, key?: string) =>
    player.request('POST', spendPath, { item }, key === undefined ? {} : { 'idempotency-key': key });
  const keyCount = async (player: Player) =>
    Number(
      (
        await app.db.database.query<{ n: string }>('SELECT count(*) AS n FROM idempotency_keys WHERE user_id = $1', [
          player.id,
        ])
      )[0]!.n,
    );

  it('answers a retry after a lost reply from the first outcome and never applies it twice', async () => {
    const player = await playerWith(100);
    const first = await buy(player, 'probe', 'action-0001');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The reply was lost on the way; the client sends the same action with the same key.
    const retry = await buy(player, 'probe', 'action-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.data).toEqual(first.data);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await holdings(app.db.database, player.id)).toEqual({
      coins: 100 - itemPrices.probe,
      purchases: [first.data.purchaseId],
    });
    // A new action is a new key, and is applied.
    const second = await buy(player, 'probe', 'action-0002');
    expect(second.statusCode).toBe(201);
    expect((await holdings(app.db.database, player.id)).coins).toBe(100 - 2 * itemPrices.probe);
  });

  it('refuses the same key with a different request (422) and changes nothing', async () => {
    const player = await playerWith(100);
    expect((await buy(player, 'probe', 'reused-key')).statusCode).toBe(201);
    expectError(await buy(player, 'rootkit', 'reused-key'), 422, texts.idempotencyKeyReused);
    expect(await holdings(app.db.database, player.id)).toMatchObject({ coins: 100 - itemPrices.probe });
    // The same key on another kind of action is refused too.
    const other = runIdempotent(
      app.db.database,
      { userId: player.id, key: 'reused-key', scope: 'other.scope', request: { item: 'probe' }, now: app.clock.now },
      () => {
        throw new Error('the work must not run');
      },
    );
    await expect(other).rejects.toMatchObject({ statusCode: 422, message: texts.idempotencyKeyReused });
  });

  it.each([
    ['missing', undefined, texts.idempotencyKeyMissing],
    ['empty', '', texts.idempotencyKeyMissing],
    ['too short', 'abc1234', texts.idempotencyKeyMalformed],
    ['too long', 'k'.repeat(65), texts.idempotencyKeyMalformed],
    ['with a space', 'key with space', texts.idempotencyKeyMalformed],
    ['with a comma (a repeated header)', 'abcdefgh, abcdefgh', texts.idempotencyKeyMalformed],
  ])('a %s key is refused with 400 and nothing changes', async (_case, key, message) => {
    const player = await playerWith(100);
    expectError(await buy(player, 'probe', key), 400, message);
    expect(await holdings(app.db.database, player.id)).toEqual({ coins: 100, purchases: [] });
    expect(await keyCount(player)).toBe(0);
  });

  it('stores a refusal: its writes are undone, and the same key answers the refusal even once it could succeed', async () => {
    const player = await playerWith(50);
    expectError(await buy(player, 'rootkit', 'poor-action'), 409, notEnoughCoins);
    // buyItem wrote the purchase row before the debit failed: the refusal rolled it back.
    expect(await holdings(app.db.database, player.id)).toEqual({ coins: 50, purchases: [] });
    await giveCoins(app.db.database, player.id, 500);
    const replay = await buy(player, 'rootkit', 'poor-action');
    expectError(replay, 409, notEnoughCoins);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await holdings(app.db.database, player.id)).toEqual({ coins: 500, purchases: [] });
    expect((await buy(player, 'rootkit', 'rich-action')).statusCode).toBe(201);
  });

  it('keeps keys per player: two players may send the same key string', async () => {
    const [a, b] = [await playerWith(100), await playerWith(100)];
    const [fromA, fromB] = [await buy(a, 'probe', 'shared-key-1'), await buy(b, 'probe', 'shared-key-1')];
    expect([fromA.statusCode, fromB.statusCode]).toEqual([201, 201]);
    expect(fromA.data.purchaseId).not.toBe(fromB.data.purchaseId);
    expect((await holdings(app.db.database, b.id)).coins).toBe(100 - itemPrices.probe);
  });

  it('forgets the key with the effect when the work fails, so a retry runs it afresh', async () => {
    const player = await playerWith(100);
    const call = {
      userId: player.id,
      key: 'crash-then-ok',
      scope: spendScope,
      request: { item: 'probe' },
      now: app.clock.now,
    };
    await expect(
      runIdempotent(app.db.database, call, async (tx) => {
        await buyItem(tx, player.id, 'probe');
        throw new Error('the process lost its database mid-purchase');
      }),
    ).rejects.toThrow('mid-purchase');
    expect(await holdings(app.db.database, player.id)).toEqual({ coins: 100, purchases: [] });
    const retried = await runIdempotent(app.db.database, call, (tx) => buyItem(tx, player.id, 'probe'));
    expect(retried).toMatchObject({ statusCode: 201, replayed: false });
    expect((await holdings(app.db.database, player.id)).purchases).toHaveLength(1);
  });

  it('a thrown 4xx HttpError is a stored refusal like a returned one', async () => {
    const player = await playerWith(0);
    const call = { userId: player.id, key: 'thrown-refusal', scope: 'direct', request: {}, now: app.clock.now };
    const refuse = async () => {
      throw new HttpError(423, 'Locked', { until: 5 });
    };
    expect(await runIdempotent(app.db.database, call, refuse)).toEqual({
      statusCode: 423,
      body: { message: 'Locked', until: 5 },
      replayed: false,
    });
    expect(await runIdempotent(app.db.database, call, refuse)).toEqual({
      statusCode: 423,
      body: { message: 'Locked', until: 5 },
      replayed: true,
    });
  });

  it('runs what the work registers after commit once, and never again on a replayed answer (ADR 079)', async () => {
    const player = await playerWith(100);
    const call = { userId: player.id, key: 'announce-once', scope: spendScope, request: {}, now: app.clock.now };
    const seen: number[] = [];
    const work = async (
      tx: Parameters<Parameters<typeof runIdempotent>[2]>[0],
      afterCommit: (fn: () => unknown) => void,
    ) => {
      const outcome = await buyItem(tx, player.id, 'probe');
      // Read on another handle: the purchase is visible only once the transaction has committed.
      afterCommit(async () => seen.push((await holdings(app.db.database, player.id)).purchases.length));
      return outcome;
    };
    expect(await runIdempotent(app.db.database, call, work)).toMatchObject({ replayed: false });
    expect(await runIdempotent(app.db.database, call, work)).toMatchObject({ replayed: true });
    expect(seen).toEqual([1]);
  });

  it('runs no effect of a refused or failed action, nor of a rolled-back transaction', async () => {
    const player = await playerWith(10);
    const ran: string[] = [];
    const call = { userId: player.id, key: 'refused-quietly', scope: spendScope, request: {}, now: app.clock.now };
    const refused = await runIdempotent(app.db.database, call, async (tx, afterCommit) => {
      afterCommit(() => ran.push('refused'));
      return buyItem(tx, player.id, 'rootkit');
    });
    expect(refused.statusCode).toBe(409);
    await expect(
      runTransaction(app.db.database, async (_tx, afterCommit) => {
        afterCommit(() => ran.push('rolled back'));
        throw new Error('gave up');
      }),
    ).rejects.toThrow('gave up');
    await runTransaction(app.db.database, async (_tx, afterCommit) => afterCommit(() => ran.push('committed')));
    expect(ran).toEqual(['committed']);
  });

  it('20 concurrent requests with one key apply the purchase once and all get the same answer', async () => {
    const player = await playerWith(1000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(player, 'probe', 'hammered-key')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size, [...bodies].join('\n')).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    const owned = await holdings(app.db.database, player.id);
    expect(owned).toEqual({ coins: 1000 - itemPrices.probe, purchases: [answers[0]!.data.purchaseId] });
  });

  it('prunes keys older than the retention and keeps younger ones', async () => {
    const player = await playerWith(100);
    await buy(player, 'probe', 'old-action');
    app.clock.advance(infra.idempotencyKeyRetentionMs - 1000);
    await buy(player, 'probe', 'young-action');
    app.clock.advance(2000);
    const before = await keyCount(player);
    const pruned = await pruneIdempotencyKeys(app.db.database, { now: app.clock.now, limit: 1_000_000 });
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await keyCount(player)).toBe(before - 1);
    const left = await app.db.database.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE user_id = $1', [
      player.id,
    ]);
    expect(left.map((r) => r.key)).toEqual(['young-action']);
  });

  it("the app's jobs runner prunes expired keys in its housekeeping", async () => {
    const player = await playerWith(100);
    await buy(player, 'probe', 'stale-action');
    app.clock.advance(infra.idempotencyKeyRetentionMs + 1000);
    await buy(player, 'probe', 'fresh-action');
    await app.jobs.housekeep();
    const left = await app.db.database.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE user_id = $1', [
      player.id,
    ]);
    expect(left.map((r) => r.key)).toEqual(['fresh-action']);
  });
});
