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
        const text = await plan(
          app,
          `SELECT id FROM market_listings WHERE ${where}${filter} ORDER BY ${order} LIMIT 20 OFFSET 0`,
        );
        expect(text, text).toMatch(/Index Scan/);
        // An Incremental Sort only orders ties within one price; a plain Sort would read every row.
        expect(text, text).not.toMatch(/->\s+Sort\b/);
      }
    }
  });

  // How fast is measured in `npm run bench` (BENCH_ONLY=market), never by wall clock here.
  it('answers the first page, a deep page, filters and a search, with the right total', async () => {
    for (const url of [
      '',
      '?sort=price-asc',
      '?page=400&pageSize=25',
      '?q=item%2099&type=cpu',
      '?rarity=epic&sort=price-desc',
    ]) {
      const res = await p.request('GET', `/api/marketplace/listings${url}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().listings.length, url).toBeGreaterThan(0);
    }
    const first = (await p.request('GET', '/api/marketplace/listings')).json();
    expect(first.total).toBe(listings);
    expect(first.listings).toHaveLength(20);
    const last = (await p.request('GET', '/api/marketplace/listings?page=500')).json();
    expect(last.listings).toHaveLength(20);
    expect((await p.request('GET', '/api/marketplace/listings?page=501')).json()).toMatchObject({
      listings: [],
      total: listings,
    });
    // Stable order under price ties: two reads of a page agree, and pages do not overlap.
    const a = (await p.request('GET', '/api/marketplace/listings?sort=price-asc&page=3'))
      .json()
      .listings.map((l: { id: number }) => l.id);
    const b = (await p.request('GET', '/api/marketplace/listings?sort=price-asc&page=4'))
      .json()
      .listings.map((l: { id: number }) => l.id);
    expect(
      (await p.request('GET', '/api/marketplace/listings?sort=price-asc&page=3'))
        .json()
        .listings.map((l: { id: number }) => l.id),
    ).toEqual(a);
    expect(a.filter((id: number) => b.includes(id))).toEqual([]);
  });

  it('reads the price reference from the indexes, at most 10 rows per item, with 10,000 sales of the same items', async () => {
    // Sales of the real item names, oldest first; the active listings above are the cheapest's haystack.
    await app.db.database.query(
      `INSERT INTO market_listings (seller_id, item_type, item_id, filter_type, rarity, item_name, ` +
        `item_data, search_text, price, status, buyer_id, created_at, expires_at, closed_at)
       SELECT $1, 'gear', 100000 + g, 'gpu', 'epic', (ARRAY['Hexcore GPU','Raytrace GPU','Eidetic RAM'])[1 + g % 3], '{}'::jsonb, 'x', 1 + g % 50, 'sold', $1,
              now() - interval '8 days', now() - interval '1 day', now() - (${listings} - g) * interval '1 second'
       FROM generate_series(1, ${listings}) AS g`,
      [p.id],
    );
    // …and active listings of a few real items among the 10,000 others.
    await app.db.database.query(
      `INSERT INTO market_listings (seller_id, item_type, item_id, filter_type, rarity, item_name, item_data,
         search_text, price, created_at, expires_at)
       SELECT $1, 'gear', 200000 + g, 'gpu', 'epic', (ARRAY['Hexcore GPU','Raytrace GPU','Eidetic RAM'])[1 + g % 3],
         '{}'::jsonb, 'x', 1000 + g, now(), now() + interval '7 days'
       FROM generate_series(1, 300) AS g`,
      [p.id],
    );
    await app.db.database.query('ANALYZE market_listings');
    // The store's query (store.ts pricesOf): per name, one step down each partial index.
    const text = await plan(
      app,
      `SELECT k.name,
         (SELECT l.price FROM market_listings l
           WHERE l.item_name = k.name AND l.status = 'active' AND l.expires_at > now() ORDER BY l.price LIMIT 1) AS cheapest,
         s.average, s.sales
       FROM (VALUES ('Hexcore GPU'::text), ('Raytrace GPU'::text), ('Eidetic RAM'::text)) AS k(name)
       CROSS JOIN LATERAL (
         SELECT round(avg(t.price))::int AS average, count(*)::int AS sales
         FROM (SELECT l.price FROM market_listings l WHERE l.item_name = k.name AND l.status = 'sold'
               ORDER BY l.closed_at DESC NULLS LAST, l.id DESC NULLS LAST LIMIT 10) t
       ) s`,
    );
    expect(text, text).toMatch(/Index Scan using market_sold_name_closed/);
    expect(text, text).toMatch(/Index Scan using market_active_name_price/);
    expect(text, text).not.toMatch(/Seq Scan on market_listings|->\s+Sort\b/);

    const prices = (await p.request('GET', '/api/marketplace/prices')).json() as {
      itemName: string;
      averageSale: number | null;
      sales: number;
    }[];
    expect(prices).toHaveLength(21);
    expect(prices.find((r) => r.itemName === 'Hexcore GPU')).toMatchObject({ cheapest: 1003 });
    // The last ten Hexcore GPU sales are g = 9999, 9996, … 9972: prices 1 + g % 50.
    const last = Array.from({ length: 10 }, (_, i) => 9999 - 3 * i).map((g) => 1 + (g % 50));
    expect(prices.find((r) => r.itemName === 'Hexcore GPU')).toMatchObject({
      sales: 10,
      averageSale: Math.round(last.reduce((a, b) => a + b, 0) / 10),
    });
  });
});
