import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySupplySign, ledgerCategory, type LedgerReason } from '../../core/ledger-reasons';
import { saleFee } from '../../core/rules/market';
import { asPlayer, buildTestApp, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { act, coreOf, gearOf, grant } from '../../../tests/support/items';
import { ledgerRows } from '../../../tests/support/players';

/** One sample's value from Prometheus text (0 when the series is absent). */
function sample(text: string, name: string, reason: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{reason="${reason}"}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function supply(app: TestApp): Promise<number> {
  const [row] = await app.db.database.query<{ total: string | number }>(
    'SELECT coalesce(sum(telnet), 0) AS total FROM users',
  );
  return Number(row!.total);
}

async function allRows(app: TestApp) {
  const rows = await app.db.database.query<{ delta: string | number; reason: LedgerReason; reference: string }>(
    'SELECT delta, reason, reference FROM telnet_ledger ORDER BY id',
  );
  return rows.map((r) => ({ ...r, delta: Number(r.delta) }));
}

describe.each(drivers)('ledger categories against the supply (ADR 051) [%s]', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // random() = 0.5: cores open (T-1's 90 %), and no decode drops gear (2 %) or a core (1 %).
    app = await buildTestApp(kind, { random: () => 0.5 });
  });
  afterAll(() => app?.close());

  it('minted rows add to the total supply, burned and taken-back rows subtract, refunds add back, and moved rows net to zero', async () => {
    const seller = await asPlayer(app);
    const buyer = await asPlayer(app);
    expect((await seller.request('POST', '/api/game/tap-batch', { tapCount: 20, batchTimestamp: 1 })).statusCode).toBe(
      200,
    );
    await grant(app, buyer, { telnet: 400 });
    expect((await act(buyer, '/api/telnet-cores/' + (await coreOf(app, buyer, 'T-1')) + '/use')).statusCode).toBe(200);
    // A sale at the minimum price burns all of it: the seller keeps nothing, so alts cannot pass Telnet for free.
    const cheap = (
      await act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: await gearOf(app, seller), price: 1 })
    ).json().listing.id;
    expect((await act(buyer, '/api/marketplace/buy', { listingId: cheap })).statusCode).toBe(200);
    const dear = (
      await act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: await gearOf(app, seller), price: 19 })
    ).json().listing.id;
    expect((await act(buyer, '/api/marketplace/buy', { listingId: dear })).statusCode).toBe(200);
    expect((await act(buyer, '/api/optimizer/start', {})).statusCode).toBe(200);
    expect(
      (await buyer.request('POST', '/api/grid/set-color', { colorR: 255, colorG: 0, colorB: 128 })).statusCode,
    ).toBe(200);
    const bit = await act(buyer, '/api/grid/purchase', { x: 400, y: 400 });
    expect(bit.statusCode, bit.body).toBe(200);
    expect((await act(buyer, '/api/game/telnet-conversion', { telnet: 300 })).data).toMatchObject({
      clicks: 250,
      refundedTelnet: 50,
    });

    const sellerRows = (await ledgerRows(app.db.database, seller.id)).filter((r) => r.reason.startsWith('market'));
    expect(sellerRows.map((r) => [r.reason, r.delta])).toEqual([
      ['market-sale', 1],
      ['market-fee', -1],
      ['market-sale', 19],
      ['market-fee', -saleFee(19)],
    ]);
    expect(saleFee(19)).toBe(1);

    const rows = await allRows(app);
    const byCategory = { minted: 0, burned: 0, moved: 0, refunded: 0, 'taken-back': 0 };
    const movedByReference = new Map<string, number>();
    for (const row of rows) {
      const category = ledgerCategory[row.reason];
      const sign = categorySupplySign[category];
      if (sign !== 0) expect(Math.sign(row.delta), `${row.reason} ${row.delta}`).toBe(sign);
      byCategory[category] += row.delta;
      if (category === 'moved')
        movedByReference.set(row.reference, (movedByReference.get(row.reference) ?? 0) + row.delta);
    }
    expect(new Set(rows.map((r) => ledgerCategory[r.reason]))).toEqual(
      new Set(['minted', 'burned', 'moved', 'refunded']),
    );
    expect(movedByReference.size).toBe(2);
    for (const [reference, net] of movedByReference) expect(net, reference).toBe(0);
    expect(await supply(app)).toBe(
      byCategory.minted + byCategory.refunded + byCategory.burned + byCategory['taken-back'],
    );
  });

  it('exports Telnet minted and burned by reason on /metrics once the transaction has committed', async () => {
    const scrape = async () =>
      (await app.fastify.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    const before = await scrape();
    const p = await asPlayer(app);
    expect((await p.request('POST', '/api/game/tap-batch', { tapCount: 20, batchTimestamp: 1 })).statusCode).toBe(200);
    await grant(app, p, { telnet: 298 });
    expect((await act(p, '/api/game/telnet-conversion', { telnet: 300 })).statusCode).toBe(200);
    // A refused spend (a second run while one is active) writes nothing and counts nothing.
    expect((await act(p, '/api/game/telnet-conversion', { telnet: 10 })).statusCode).toBe(409);
    const after = await scrape();
    const grew = (name: string, reason: string) => sample(after, name, reason) - sample(before, name, reason);
    expect(grew('bitbreach_telnet_minted_total', 'decode')).toBe(2);
    expect(grew('bitbreach_telnet_minted_total', 'operator-grant')).toBe(298);
    expect(grew('bitbreach_telnet_burned_total', 'drone-purchase')).toBe(300);
    expect(grew('bitbreach_telnet_refunded_total', 'drone-refund')).toBe(50);
    expect(after).not.toContain('bitbreach_telnet_minted_total{reason="market-sale"}');
  });
});
