import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleActionPaths } from '../../../core/api/admin-actions';
import { marketPaths } from '../../../core/api/market';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { asOperator } from '../../../../tests/support/console';
import { act, gearOf, grant } from '../../../../tests/support/items';
import { holdTransaction, untilLockWaiters } from '../../../../tests/support/locks';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { balanceOf, debit, netByReference } from '../../wallet';

/** The reversal as it would be written without thinking: what to take is decided on a balance read before the lock. */
async function naiveReverse(
  database: Database,
  reference: string,
  userId: number,
): Promise<{ taken: number; owed: number }> {
  const net = (await netByReference(database.db, reference)).find((n) => n.userId === userId)!.net;
  const seen = await balanceOf(database.db, userId);
  return database.db.transaction(async (tx) => {
    await lockPlayers(tx, [userId]);
    const take = Math.min(seen, net);
    const paid = await debit(tx, { userId, amount: take, reason: 'reversal-taken', reference: `naive:${reference}` });
    if (paid.kind !== 'debited')
      throw new Error(`the balance read before the lock was ${seen}; it is ${paid.balance} now`);
    return { taken: take, owed: net - take };
  });
}

// A reversal against the seller's own spend at the same moment: real concurrency, PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a reversal racing the player’s spend [postgres]', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('postgres');
  });
  afterAll(() => app.close());
  const q = <T>(sql: string, params: unknown[] = []) => app.db.database.query<T>(sql, params);
  const telnetOf = async (p: Player) =>
    (await q<{ telnet: number }>('SELECT telnet::int AS telnet FROM users WHERE id = $1', [p.id]))[0]!.telnet;

  /** A sale whose seller is about to spend 30 of what it brought, the spend's transaction held open holding their row. */
  async function saleAndHeldSpend() {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    const gearId = await gearOf(app, seller);
    await grant(app, buyer, { telnet: 300 });
    const listingId = (await act(seller, marketPaths.create, { itemType: 'gear', itemId: gearId, price: 100 })).json()
      .listing.id;
    expect((await act(buyer, marketPaths.buy, { listingId })).statusCode).toBe(200);
    const earned = await telnetOf(seller);
    const spend = await holdTransaction(app.db.database, async (tx) => {
      await lockPlayers(tx, [seller.id]);
      expect(
        (await debit(tx, { userId: seller.id, amount: 30, reason: 'directory-purchase', reference: 'directory:race' }))
          .kind,
      ).toBe('debited');
    });
    return { seller, reference: `listing:${listingId}`, earned, spend };
  }

  it('the test catches a reversal that decides on a balance read before the lock', async () => {
    const { seller, reference, spend } = await saleAndHeldSpend();
    const reversing = naiveReverse(app.db.database, reference, seller.id);
    await untilLockWaiters(app.db.database, 1);
    await spend.release({ commit: true });
    await expect(reversing).rejects.toThrow(/read before the lock/);
  });

  it('takes what the balance holds once the spend has committed, and records the rest as owed', async () => {
    const moderator = await asOperator(app, 'moderator');
    const { seller, reference, earned, spend } = await saleAndHeldSpend();
    const reversing = moderator.request('POST', consoleActionPaths.reverse, {
      reference,
      reason: 'a stolen account sold it',
    });
    await untilLockWaiters(app.db.database, 1);
    await spend.release({ commit: true });
    const res = await reversing;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().players.find((p: { userId: number }) => p.userId === seller.id)).toEqual({
      userId: seller.id,
      delta: -(earned - 30),
      owed: 30,
    });
    expect(await telnetOf(seller)).toBe(0);
    expect(
      await q(
        'SELECT u.id FROM users u LEFT JOIN telnet_ledger l ON l.user_id = u.id GROUP BY u.id HAVING u.telnet <> coalesce(sum(l.delta), 0)',
      ),
    ).toEqual([]);
  });
});
