import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';

const listings = 10_000;

/** The planner's plan for a query, as text. */
async function plan(app: TestApp, query: string): Promise<string> {
  const rows = await app.db.database.query<Record<string, string>>(`EXPLAIN ${query}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

// The market stays fast with 10,000 active listings (PostgreSQL, as deployed).
describe.skipIf(!process.env.TEST_DATABASE_URL)('marketplace with 10,000 listings [postgres]', () => {
  let app: TestApp;
  let p: Player;
  beforeAll(async () => {
    app = await buildTestApp('postgres');
    p = await asPlayer(app);
    // Rows written straight in: this measures reading the market, not creating it.
    await app.db.database.query(
      `INSERT INTO market_listings (seller_id, item_type, item_id, filter_type, rarity, item_name, item_data, search_text, price, created_at, expires_at)
       SELECT $1, 'gear', g, (ARRAY['cpu','ram','gpu','storage'])[1 + g % 4], (ARRAY['common','rare','epic','legendary'])[1 + g % 4],
              'Item ' || g, jsonb_build_object('name', 'Item ' || g, 'description', 'x', 'type', (ARRAY['cpu','ram','gpu','storage'])[1 + g % 4],
              'rarity', (ARRAY['common','rare','epic','legendary'])[1 + g % 4], 'level', 1, 'statValue', 1),
              'item ' || g, 1 + (g * 7919) % 100000, now(), now() + interval '7 days'
       FROM generate_series(1, ${listings}) AS g`,
      [p.id],
    );
    await app.db.database.query('ANALYZE market_listings');
  }, 120_000);
  afterAll(() => app.close());

  it('reads the first page, the price orders and a type filter by index scan, never sorting every listing', async () => {
    const where = `status = 'active' AND expires_at > now()`;
    for (const order of ['id DESC', 'price, id DESC', 'price DESC, id DESC']) {
      for (const filter of ['', " AND filter_type = 'cpu'"]) {
        const text = await plan(app, `SELECT id FROM market_listings WHERE ${where}${filter} ORDER BY ${order} LIMIT 20 OFFSET 0`);
        expect(text, text).toMatch(/Index Scan/);
        // An Incremental Sort only orders ties within one price; a plain Sort would read every row.
        expect(text, text).not.toMatch(/->\s+Sort\b/);
      }
    }
  });

  // How fast is measured in `npm run bench` (BENCH_ONLY=market), never by wall clock here.
  it('answers the first page, a deep page, filters and a search, with the right total', async () => {
    for (const url of ['', '?sort=price-asc', '?page=400&pageSize=25', '?q=item%2099&type=cpu', '?rarity=epic&sort=price-desc']) {
      const res = await p.request('GET', `/api/marketplace/listings${url}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().listings.length, url).toBeGreaterThan(0);
    }
    const first = (await p.request('GET', '/api/marketplace/listings')).json();
    expect(first.total).toBe(listings);
    expect(first.listings).toHaveLength(20);
    const last = (await p.request('GET', '/api/marketplace/listings?page=500')).json();
    expect(last.listings).toHaveLength(20);
    expect((await p.request('GET', '/api/marketplace/listings?page=501')).json()).toMatchObject({ listings: [], total: listings });
    // Stable order under price ties: two reads of a page agree, and pages do not overlap.
    const a = (await p.request('GET', '/api/marketplace/listings?sort=price-asc&page=3')).json().listings.map((l: { id: number }) => l.id);
    const b = (await p.request('GET', '/api/marketplace/listings?sort=price-asc&page=4')).json().listings.map((l: { id: number }) => l.id);
    expect((await p.request('GET', '/api/marketplace/listings?sort=price-asc&page=3')).json().listings.map((l: { id: number }) => l.id)).toEqual(a);
    expect(a.filter((id: number) => b.includes(id))).toEqual([]);
  });
});
