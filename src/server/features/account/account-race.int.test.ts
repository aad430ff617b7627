import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../core/api/account';
import { marketPaths } from '../../../core/api/market';
import type { Database } from '../../db/connect';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { act, gearOf, grant } from '../../../../tests/support/items';
import { openSocket } from '../../../../tests/support/socket';

const buyersCount = 10;
const price = 100;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The deliberately naive deletion: read the balance, then burn what was read and close the listings,
 * with no lock on the player between. Used only to show the check below catches it: a sale that
 * commits between the read and the burn leaves Telnet on a deleted account. `between` runs after the
 * read, so the interleaving is forced rather than hoped for from the scheduler.
 */
async function naiveDelete(database: Database, userId: number, between: () => Promise<void>): Promise<void> {
  const [row] = await database.query<{ telnet: string }>('SELECT telnet::text AS telnet FROM users WHERE id = $1', [
    userId,
  ]);
  await between();
  const telnet = Number(row!.telnet);
  await database.query('UPDATE users SET telnet = telnet - $2, banned = true, deleted_at = now() WHERE id = $1', [
    userId,
    telnet,
  ]);
  await database.query(
    "INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES ($1, $2, 'account-deleted', 'naive')",
    [userId, -telnet],
  );
}

async function telnetOf(database: Database, userId: number): Promise<number> {
  return Number(
    (await database.query<{ telnet: string }>('SELECT telnet::text AS telnet FROM users WHERE id = $1', [userId]))[0]!
      .telnet,
  );
}

/** Every player's balance equals their ledger's sum. */
async function unbalanced(database: Database) {
  return database.query(
    'SELECT u.id FROM users u WHERE u.telnet <> coalesce((SELECT sum(delta) FROM telnet_ledger l WHERE l.user_id = u.id), 0)',
  );
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('account deletion races [postgres]', () => {
  let app: TestApp;
  let buyers: Player[];
  beforeAll(async () => {
    app = await buildTestApp('postgres', { config: { loginAttemptsPerIp: 1000 } });
    buyers = [];
    for (let i = 0; i < buyersCount; i++) {
      const b = await asPlayer(app);
      await grant(app, b, { telnet: 10 * price });
      buyers.push(b);
    }
  }, 120_000);
  afterAll(() => app.close());

  /** A seller with one listing per buyer. */
  async function sellerWithListings(): Promise<{ seller: Player; listings: number[] }> {
    const seller = await asPlayer(app);
    const listings: number[] = [];
    for (let i = 0; i < buyersCount; i++) {
      const res = await act(seller, marketPaths.create, { itemType: 'gear', itemId: await gearOf(app, seller), price });
      listings.push(res.json().listing.id as number);
    }
    return { seller, listings };
  }

  it('the zero-balance check catches a naive read-then-burn deletion', async () => {
    const { seller, listings } = await sellerWithListings();
    // The buys commit after the naive deletion read the balance and before it burns what it read.
    let sold: number[] = [];
    await naiveDelete(app.db.database, seller.id, async () => {
      const answers = await Promise.all(buyers.map((b, i) => act(b, marketPaths.buy, { listingId: listings[i] })));
      sold = answers.map((a) => a.statusCode);
    });
    expect(sold).toEqual(Array(buyersCount).fill(200));
    // The proceeds of all ten sales are left on the deleted account.
    expect(await telnetOf(app.db.database, seller.id)).toBeGreaterThan(0);
  });

  it('deletion against ten buyers of the player’s listings: each buy either completes before or is refused, and nothing is left on the account', async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, listings } = await sellerWithListings();
      const [deleted, ...bought] = await Promise.all([
        seller.request('POST', accountPaths.delete, { password: seller.password }),
        ...buyers.map((b, i) => act(b, marketPaths.buy, { listingId: listings[i] })),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await telnetOf(app.db.database, seller.id)).toBe(0);
      for (const [i, res] of bought.entries()) {
        expect([200, 404]).toContain(res.statusCode);
        const [listing] = await app.db.database.query<{ status: string; item_id: number }>(
          'SELECT status, item_id FROM market_listings WHERE id = $1',
          [listings[i]],
        );
        const holder = await app.db.database.query<{ user_id: number }>('SELECT user_id FROM gear WHERE id = $1', [
          listing!.item_id,
        ]);
        // Sold: the buyer holds the item. Refused: the listing was withdrawn and the item destroyed with the account.
        if (res.statusCode === 200)
          expect([listing!.status, Number(holder[0]?.user_id)]).toEqual(['sold', buyers[i]!.id]);
        else expect([listing!.status, holder.length]).toEqual(['removed', 0]);
      }
      expect(await unbalanced(app.db.database)).toEqual([]);
    }
  });
});

// Two instances on PostgreSQL and Redis, as behind a load balancer.
describe.skipIf(!process.env.TEST_DATABASE_URL)('account deletion across two instances [postgres]', () => {
  let run: Instances;
  beforeAll(async () => {
    run = await startInstances(2, redisUrl);
  });
  afterAll(() => run?.close());

  it('ends the player’s session on B at once, though B had it cached, and tells its socket there', async () => {
    const p = await asPlayer(run.apps[0]!);
    expect((await via(run.apps[1]!, p, 'GET', '/api/missions/status')).statusCode).toBe(200);
    const socket = await openSocket(run.urls[1]!, p.cookie);
    const ended = socket.next('session.ended', () => true, 2000);
    expect((await via(run.apps[0]!, p, 'POST', accountPaths.delete, { password: p.password })).statusCode).toBe(200);
    expect((await ended).d.reason).toBe('logout');
    // The bus normally takes milliseconds; polled for at most ~2 s, well inside the cache's TTL.
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = (await via(run.apps[1]!, p, 'GET', '/api/missions/status')).statusCode === 401;
      if (!refused) await new Promise((r) => setTimeout(r, 20));
    }
    expect(refused).toBe(true);
    await socket.close();
  });
});
