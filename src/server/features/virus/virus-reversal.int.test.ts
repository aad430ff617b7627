import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { saleFee } from '../../../core/rules/market';
import { itemTexts } from '../../../core/texts';
import { asPlayer, expectError, type Player } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { useAppWithFakeStripe } from '../../../../tests/support/fake-stripe';
import { act, gearOf, grant } from '../../../../tests/support/items';

// A refund or dispute takes back everything the purchase gave (ADR 046): its cores wherever they are,
// the Telnet its opened and sold cores brought (down to zero, the rest owed), and flags the player.
describe.each(drivers)('a reversed Trojan purchase cannot be dodged [%s]', (driver) => {
  const ctx = useAppWithFakeStripe(driver);
  const query = <T>(sql: string, params: unknown[]) => ctx.app.db.database.query<T>(sql, params);
  const telnetOf = async (p: Player) =>
    Number((await query<{ telnet: number }>('SELECT telnet FROM users WHERE id = $1', [p.id]))[0]!.telnet);
  const purchaseOf = async (purchaseId: number) =>
    (
      await query<{ status: string; cores_revoked: number; telnet_taken_back: number; telnet_owed: number }>(
        'SELECT status, cores_revoked, telnet_taken_back, telnet_owed FROM virus_purchases WHERE id = $1',
        [purchaseId],
      )
    )[0]!;
  const flagsOf = (p: Player) =>
    query<{ reason: string; reference: string }>('SELECT reason, reference FROM moderation_flags WHERE user_id = $1', [
      p.id,
    ]);

  /** Ten Trojans bought and awarded through the real routes; returns the purchase and its cores. */
  async function buyBundle(p: Player) {
    ctx.app.clock.advance(balance.virusCooldownSeconds * 1000);
    const started = await act(p, '/api/create-payment-intent', { trojanCount: 10 });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentIntentId, purchaseId } = started.json() as { paymentIntentId: string; purchaseId: number };
    ctx.fake.succeed(paymentIntentId);
    expect((await p.request('POST', '/api/complete-trojan-purchase', { paymentIntentId })).json()).toMatchObject({
      status: 'fulfilled',
      coresAwarded: 10,
    });
    const cores = ((await p.request('GET', '/api/telnet-cores')).json() as { id: number }[]).map((c) => c.id);
    return { paymentIntentId, purchaseId, cores };
  }
  const list = async (p: Player, itemId: number, price: number, itemType = 'telnet-core') => {
    const res = await act(p, '/api/marketplace/create', { itemType, itemId, price });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().listing.id as number;
  };
  /** Opens cores until one pays; returns what it paid (a failed open destroys the core and pays nothing). */
  async function openAll(p: Player, ids: number[]): Promise<number> {
    let paid = 0;
    for (const id of ids) {
      const res = await act(p, `/api/telnet-cores/${id}/use`);
      expect(res.statusCode, res.body).toBe(200);
      paid += res.json().telnetRewarded as number;
    }
    return paid;
  }
  const dispute = (paymentIntentId: string) =>
    ctx.deliver(
      ctx.fake.webhook('charge.dispute.created', {
        id: `dp_${randomUUID()}`,
        object: 'dispute',
        payment_intent: paymentIntentId,
        amount: 1990,
      }),
    );

  it('buy, list, dispute, then remove the listing and open the cores: the dispute already took them back', async () => {
    const p = await asPlayer(ctx.app);
    const { paymentIntentId, purchaseId, cores } = await buyBundle(p);
    const listings = [await list(p, cores[0]!, 5), await list(p, cores[1]!, 7)];

    expect((await dispute(paymentIntentId)).statusCode).toBe(200);

    // The listings are closed and their cores gone: removing and opening find nothing.
    expect((await p.request('GET', '/api/marketplace/my-listings')).json()).toEqual([]);
    for (const listingId of listings)
      expectError(await act(p, '/api/marketplace/remove', { listingId }), 404, itemTexts.listingGone);
    for (const id of cores) expectError(await act(p, `/api/telnet-cores/${id}/use`), 404, itemTexts.coreNotFound);
    expect(await query('SELECT id FROM telnet_cores WHERE id = any($1)', [cores])).toEqual([]);
    expect(await purchaseOf(purchaseId)).toMatchObject({
      status: 'disputed',
      cores_revoked: 10,
      telnet_taken_back: 0,
      telnet_owed: 0,
    });
    expect(await flagsOf(p)).toEqual([{ reason: 'payment-disputed', reference: `virus-purchase:${purchaseId}` }]);
  });

  it('takes back the Telnet of opened cores and of sold ones through the wallet; a core another player bought stays theirs', async () => {
    const p = await asPlayer(ctx.app);
    const buyer = await asPlayer(ctx.app);
    await grant(ctx.app, buyer, { telnet: 1000 });
    const { paymentIntentId, purchaseId, cores } = await buyBundle(p);
    const [sold, ...rest] = cores as [number, ...number[]];
    const opened = rest.slice(0, 4);
    const soldListing = await list(p, sold, 40);
    expect((await act(buyer, '/api/marketplace/buy', { listingId: soldListing })).statusCode).toBe(200);
    const paidByOpens = await openAll(p, opened);
    const owed = paidByOpens + 40 - saleFee(40);
    const before = await telnetOf(p);
    expect(before).toBeGreaterThanOrEqual(owed);

    expect(
      (
        await ctx.deliver(
          ctx.fake.webhook('charge.refunded', {
            id: `ch_${paymentIntentId.slice(3)}`,
            object: 'charge',
            payment_intent: paymentIntentId,
            amount_refunded: 1990,
            refunded: true,
          }),
        )
      ).statusCode,
    ).toBe(200);

    expect(await telnetOf(p)).toBe(before - owed);
    const rows = await query<{ delta: number; reason: string; reference: string }>(
      "SELECT delta::int AS delta, reason, reference FROM telnet_ledger WHERE user_id = $1 AND reason = 'purchase-reversal'",
      [p.id],
    );
    expect(rows).toEqual([{ delta: -owed, reason: 'purchase-reversal', reference: `virus-purchase:${purchaseId}` }]);
    expect(await purchaseOf(purchaseId)).toMatchObject({
      status: 'refunded',
      cores_revoked: 5,
      telnet_taken_back: owed,
      telnet_owed: 0,
    });
    expect(await query('SELECT user_id FROM telnet_cores WHERE id = $1', [sold])).toEqual([{ user_id: buyer.id }]);
    expect(await flagsOf(p)).toEqual([{ reason: 'payment-refunded', reference: `virus-purchase:${purchaseId}` }]);
    // A replayed event takes nothing more.
    expect((await dispute(paymentIntentId)).statusCode).toBe(200);
    expect(await telnetOf(p)).toBe(before - owed);
    expect(await flagsOf(p)).toHaveLength(1);
  });

  it('Telnet already spent is taken down to zero, never below, and the rest is recorded as owed', async () => {
    const p = await asPlayer(ctx.app);
    const seller = await asPlayer(ctx.app);
    const { paymentIntentId, purchaseId, cores } = await buyBundle(p);
    const paid = await openAll(p, cores);
    expect(paid).toBeGreaterThan(0);
    // The player spends what the cores paid, less 1 Telnet, on another player's listing.
    const spent = (await telnetOf(p)) - 1;
    const theirs = await list(seller, await gearOf(ctx.app, seller), spent, 'gear');
    expect((await act(p, '/api/marketplace/buy', { listingId: theirs })).statusCode).toBe(200);
    expect(await telnetOf(p)).toBe(1);

    expect((await dispute(paymentIntentId)).statusCode).toBe(200);

    expect(await telnetOf(p)).toBe(0);
    expect(await purchaseOf(purchaseId)).toMatchObject({
      status: 'disputed',
      telnet_taken_back: 1,
      telnet_owed: paid - 1,
    });
    const ledger = await query<{ s: number }>(
      'SELECT coalesce(sum(delta), 0)::int AS s FROM telnet_ledger WHERE user_id = $1',
      [p.id],
    );
    expect(ledger[0]!.s).toBe(0);
    expect(await flagsOf(p)).toHaveLength(1);
  });

  // A new pair of locks: the dispute holds the seller, then the purchase and its listings; a buy holds
  // both players, then the listing. With players first on both sides they take turns (ADR 044, 046).
  it.skipIf(driver !== 'postgres')(
    'a dispute racing a buy of the listed core: one of them wins, no deadlock, nothing created or lost',
    async () => {
      for (let round = 0; round < 5; round++) {
        const p = await asPlayer(ctx.app);
        const buyer = await asPlayer(ctx.app);
        await grant(ctx.app, buyer, { telnet: 100 });
        const { paymentIntentId, purchaseId, cores } = await buyBundle(p);
        const listingId = await list(p, cores[0]!, 40);

        const [disputed, bought] = await Promise.all([
          dispute(paymentIntentId),
          act(buyer, '/api/marketplace/buy', { listingId }),
        ]);

        expect(disputed.statusCode, disputed.body).toBe(200);
        expect([200, 404], bought.body).toContain(bought.statusCode);
        const holder = await query<{ user_id: number }>('SELECT user_id FROM telnet_cores WHERE id = $1', [cores[0]]);
        if (bought.statusCode === 200) {
          // The buy came first: the core stays the buyer's and the seller's proceeds were taken back.
          expect(holder).toEqual([{ user_id: buyer.id }]);
          expect(await telnetOf(buyer)).toBe(60);
          expect(await purchaseOf(purchaseId)).toMatchObject({
            status: 'disputed',
            telnet_taken_back: 40 - saleFee(40),
          });
        } else {
          // The dispute came first: the listing was closed, the core taken back, the buyer charged nothing.
          expect(holder).toEqual([]);
          expect(await telnetOf(buyer)).toBe(100);
        }
        expect(await telnetOf(p)).toBe(0);
        for (const who of [p, buyer]) {
          const ledger = await query<{ s: number }>(
            'SELECT coalesce(sum(delta), 0)::int AS s FROM telnet_ledger WHERE user_id = $1',
            [who.id],
          );
          expect(ledger[0]!.s).toBe(await telnetOf(who));
        }
      }
    },
  );
});
