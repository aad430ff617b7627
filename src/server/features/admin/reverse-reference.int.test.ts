import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleActionPaths } from '../../../core/api/admin-actions';
import { gridPaths } from '../../../core/api/kernel';
import { marketPaths } from '../../../core/api/market';
import { consoleTexts } from '../../../core/texts/console';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { asOperator, auditRowsOf } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';
import { act, gearOf, grant } from '../../../../tests/support/items';

describe.each(drivers)('a moderator reverses a ledger reference [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());
  const q = <T>(sql: string, params: unknown[] = []) => app.db.database.query<T>(sql, params);
  const telnetOf = async (p: Player) =>
    (await q<{ telnet: number }>('SELECT telnet::int AS telnet FROM users WHERE id = $1', [p.id]))[0]!.telnet;

  /** Every player's ledger adds up to their balance (the wallet's invariant), reversals included. */
  async function expectConserved() {
    const off = await q(
      'SELECT u.id, u.telnet, coalesce(sum(l.delta), 0)::bigint AS ledger FROM users u LEFT JOIN ' +
        'telnet_ledger l ON l.user_id = u.id GROUP BY u.id HAVING u.telnet <> coalesce(sum(l.delta), 0)',
    );
    expect(off).toEqual([]);
  }

  /** A market sale of one piece of gear for 100 Telnet; answers its ledger reference. */
  async function sale(seller: Player, buyer: Player): Promise<{ reference: string; gearId: number }> {
    const gearId = await gearOf(app, seller);
    await grant(app, buyer, { telnet: 300 });
    const listed = await act(seller, marketPaths.create, { itemType: 'gear', itemId: gearId, price: 100 });
    expect(listed.statusCode, listed.body).toBe(200);
    const listingId = listed.json().listing.id;
    expect((await act(buyer, marketPaths.buy, { listingId })).statusCode).toBe(200);
    return { reference: `listing:${listingId}`, gearId };
  }

  it('undoes a market sale with compensating rows: the buyer’s Telnet back, the item back with its seller, the seller’s short balance owed', async () => {
    const moderator = await asOperator(app, 'moderator');
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    const { reference, gearId } = await sale(seller, buyer);
    const earned = await telnetOf(seller);
    // The seller spends part of what the sale brought before the reversal: Kernel bits (the first one's mission reward aside).
    await seller.request('POST', gridPaths.setColor, { colorR: 1, colorG: 2, colorB: 3 });
    for (let x = 700; (await telnetOf(seller)) >= earned; x++)
      expect((await act(seller, gridPaths.purchase, { x, y: 700 + (seller.id % 90) })).statusCode).toBe(200);
    const spent = earned - (await telnetOf(seller));
    expect(spent).toBeGreaterThan(0);
    const ledgerRowsBefore = (
      await q<{ n: number }>('SELECT count(*)::int AS n FROM telnet_ledger WHERE reference = $1', [reference])
    )[0]!.n;

    const res = await moderator.request('POST', consoleActionPaths.reverse, {
      reference,
      reason: 'stolen account sold the gear',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reference,
      players: [
        { userId: seller.id, delta: -(earned - spent), owed: spent },
        { userId: buyer.id, delta: 100, owed: 0 },
      ].sort((a, b) => a.userId - b.userId),
      item: 'returned',
    });
    expect([await telnetOf(seller), await telnetOf(buyer)]).toEqual([0, 300]);
    expect(await q('SELECT user_id FROM gear WHERE id = $1', [gearId])).toEqual([{ user_id: seller.id }]);
    // The ledger is never edited: the sale's rows are all still there, and the reversal added its own.
    expect(
      (await q<{ n: number }>('SELECT count(*)::int AS n FROM telnet_ledger WHERE reference = $1', [reference]))[0]!.n,
    ).toBe(ledgerRowsBefore);
    expect(
      await q('SELECT user_id, delta::int, reason FROM telnet_ledger WHERE reference = $1 ORDER BY user_id', [
        `reversal:${reference}`,
      ]),
    ).toEqual(
      [
        { user_id: seller.id, delta: -(earned - spent), reason: 'reversal-taken' },
        { user_id: buyer.id, delta: 100, reason: 'reversal-returned' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    expect(
      await q('SELECT user_id, owed::int FROM ledger_reversals WHERE reference = $1 AND owed > 0', [reference]),
    ).toEqual([{ user_id: seller.id, owed: spent }]);
    await expectConserved();
    const audit = await auditRowsOf(app, seller.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'ledger-reverse',
        actor_id: moderator.id,
        reason: 'stolen account sold the gear',
      }),
    ]);
    expect(audit[0]!.after).toMatchObject({ item: 'returned' });

    // Twice is once: the second reversal changes nothing and writes no second audit row.
    expectError(
      await moderator.request('POST', consoleActionPaths.reverse, { reference, reason: 'again please' }),
      409,
      consoleTexts.alreadyReversed,
    );
    expect([await telnetOf(seller), await telnetOf(buyer)]).toEqual([0, 300]);
    expect(await auditRowsOf(app, seller.id)).toHaveLength(1);
    await expectConserved();
  });

  it('refuses a reference involving an admin, one it does not reverse, an unknown one and bad input, changing nothing', async () => {
    const moderator = await asOperator(app, 'moderator');
    const admin = await asOperator(app, 'admin');
    const buyer = await asPlayer(app);
    const { reference } = await sale(admin, buyer);
    const before = [await telnetOf(admin), await telnetOf(buyer)];
    expectError(
      await moderator.request('POST', consoleActionPaths.reverse, { reference, reason: 'not mine to undo' }),
      403,
      consoleTexts.cannotActOn,
    );
    for (const other of ['tap-batch:1700000000000', 'bit:1,2', 'reversal:listing:1', 'listing:1 OR 1=1', 'listing:']) {
      expectError(
        await moderator.request('POST', consoleActionPaths.reverse, { reference: other, reason: 'try this' }),
        400,
        consoleTexts.notReversible,
      );
    }
    expectError(
      await moderator.request('POST', consoleActionPaths.reverse, {
        reference: 'listing:999999999',
        reason: 'try this',
      }),
      404,
      consoleTexts.noSuchReference,
    );
    for (const body of [
      { reference },
      { reference, reason: 'x' },
      { reference: '', reason: 'fine reason' },
      { reference: 'x'.repeat(201), reason: 'fine reason' },
      { reference, reason: 'fine', more: 1 },
    ]) {
      expect((await moderator.request('POST', consoleActionPaths.reverse, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect([await telnetOf(admin), await telnetOf(buyer)]).toEqual(before);
    expect(await q('SELECT count(*)::int AS n FROM ledger_reversals WHERE reference = $1', [reference])).toEqual([
      { n: 0 },
    ]);
    expect((await auditRowsOf(app, admin.id)).map((r) => r.action)).toEqual(['role-set']);
  });
});
