import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securePaths } from '../../../core/api/game';
import { balance } from '../../../core/balance';
import { seededRandom } from '../../../core/random';
import { decodeSecureData, encodeSecureData } from '../../../core/secure-data';
import type { App } from '../../app';
import { countItems } from '../../inventory';
import { balanceOf, sumLedger } from '../../wallet';
import { asPlayer, tapsPerBatch, type Player } from '../../../../tests/support/app';
import { startInstances, type Instances } from '../../../../tests/support/instances';
import { createGrantService } from '../grant/service';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const playerCount = 24;
const rounds = 12;
const secure = new Set<string>(securePaths);

/** A request as `p` to any instance (the session is in the shared database), with a fresh idempotency key on POSTs. */
async function send(
  app: App,
  p: Player,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; data: any }> {
  const payload = body !== undefined && secure.has(url) ? { secureData: encodeSecureData(body, 'client') } : body;
  const res = await app.fastify.inject({
    method,
    url,
    remoteAddress: p.ip,
    headers: {
      cookie: p.cookie,
      'x-csrf-token': p.csrfToken,
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  let data: any = res.body;
  try {
    data = res.json();
    if (data?.secureData) data = decodeSecureData(data.secureData, 'server', 1 << 20);
  } catch {
    /* a non-JSON body stays text */
  }
  return { status: res.statusCode, data };
}

// Nothing created or lost, across two instances on one PostgreSQL database.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'randomized market, inventory and taps across two instances [postgres]',
  () => {
    let run: Instances;
    const players: Player[] = [];
    const statuses: number[] = [];
    beforeAll(async () => {
      run = await startInstances(2, redisUrl);
      const grants = createGrantService({ database: run.db.database });
      for (let i = 0; i < playerCount; i++) {
        const p = await asPlayer(run.apps[i % 2]!);
        players.push(p);
        await grants.grant({ loginId: p.loginId, telnet: 300 });
        for (const type of ['cpu', 'ram', 'gpu', 'storage'] as const)
          await grants.grant({ loginId: p.loginId, gear: { type, level: 1 } });
        // Some players start nearly full, so buys and drops meet the cap of 50.
        for (let c = 0; c < (i % 4 === 0 ? 44 : 3); c++) await grants.grant({ loginId: p.loginId, core: 'T-1' });
      }
    }, 300_000);
    afterAll(() => run?.close());

    async function act(random: () => number, p: Player, round: number): Promise<void> {
      const app = run.apps[Math.floor(random() * 2)]!;
      const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(random() * xs.length)];
      const record = (r: { status: number }) => statuses.push(r.status);
      const gear = (await send(app, p, 'GET', '/api/gear')).data as Array<{
        id: number;
        isEquipped: boolean;
        listingId: number | null;
      }>;
      const cores = (await send(app, p, 'GET', '/api/telnet-cores')).data as Array<{
        id: number;
        listingId: number | null;
      }>;
      const heldGear = gear.filter((g) => g.listingId === null);
      const heldCores = cores.filter((c) => c.listingId === null);
      switch (Math.floor(random() * 7)) {
        case 0: {
          const item =
            random() < 0.5
              ? pick(heldGear.map((g) => ({ itemType: 'gear', itemId: g.id })))
              : pick(heldCores.map((c) => ({ itemType: 'telnet-core', itemId: c.id })));
          if (item)
            record(
              await send(app, p, 'POST', '/api/marketplace/create', { ...item, price: 1 + Math.floor(random() * 120) }),
            );
          break;
        }
        case 1: {
          const page = (await send(app, p, 'GET', '/api/marketplace/listings?sort=price-asc')).data.listings as Array<{
            id: number;
            sellerId: number;
          }>;
          const target = pick(page.filter((l) => l.sellerId !== p.id));
          if (target) record(await send(app, p, 'POST', '/api/marketplace/buy', { listingId: target.id }));
          break;
        }
        case 2: {
          const mine = pick((await send(app, p, 'GET', '/api/marketplace/my-listings')).data as Array<{ id: number }>);
          if (mine) record(await send(app, p, 'POST', '/api/marketplace/remove', { listingId: mine.id }));
          break;
        }
        case 3: {
          const core = pick(heldCores);
          if (core) record(await send(app, p, 'POST', `/api/telnet-cores/${core.id}/use`));
          break;
        }
        case 4: {
          const g = pick(heldGear.filter((x) => !x.isEquipped));
          if (g) record(await send(app, p, 'POST', '/api/gear/destroy', { gearId: g.id }));
          break;
        }
        case 5: {
          const g = pick(heldGear);
          if (g) record(await send(app, p, 'POST', '/api/gear/equip', { gearId: g.id, equip: !g.isEquipped }));
          break;
        }
        default:
          record(
            await send(app, p, 'POST', '/api/game/tap-batch', {
              tapCount: tapsPerBatch,
              batchTimestamp: 1_700_000_000_000 + round,
            }),
          );
      }
    }

    it('keeps ledger = balance, one holder per item, counts ≤ 50 and the world sum by reason', async () => {
      const random = seededRandom(7);
      for (let round = 0; round < rounds; round++) {
        // Every player acts at once, each several times a round, through either instance.
        await Promise.all(
          players.map(async (p) => {
            for (let k = 0; k < 3; k++) await act(random, p, round * 3 + k);
          }),
        );
      }
      expect(statuses.length).toBeGreaterThan(playerCount * rounds);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(statuses.length / 3);

      const db = run.db.database;
      const counts = await countItems(
        db.db,
        players.map((p) => p.id),
      );
      for (const p of players) {
        const held = await balanceOf(db.db, p.id);
        expect(held).toBeGreaterThanOrEqual(0);
        expect(await sumLedger(db.db, p.id)).toBe(held);
        expect(counts.get(p.id)).toBeLessThanOrEqual(balance.inventoryCapacity);
      }
      // Every item: a player or one open escrow behind exactly one active listing; never both, never none.
      for (const table of ['gear', 'telnet_cores']) {
        const bad = await db.query(
          `SELECT i.id FROM ${table} i LEFT JOIN escrows e ON e.id = i.escrow_id
         LEFT JOIN market_listings l ON l.escrow_id = e.id AND l.status = 'active'
         WHERE (i.user_id IS NULL) = (i.escrow_id IS NULL) OR (i.escrow_id IS NOT NULL AND (e.released_at IS NOT NULL OR l.id IS NULL))`,
        );
        expect(bad, table).toEqual([]);
      }
      const orphans = await db.query(
        `SELECT l.id FROM market_listings l JOIN escrows e ON e.id = l.escrow_id WHERE l.status = 'active' AND (e.released_at IS NOT NULL
         OR (SELECT count(*) FROM gear WHERE escrow_id = e.id) + (SELECT count(*) FROM telnet_cores WHERE escrow_id = e.id) <> 1)`,
      );
      expect(orphans).toEqual([]);
      // The world's Telnet = minted − burned, by reason; sales only move it.
      const byReason = new Map(
        (
          await db.query<{ reason: string; s: string }>(
            'SELECT reason, sum(delta)::text AS s FROM telnet_ledger GROUP BY reason',
          )
        ).map((r) => [r.reason, Number(r.s)]),
      );
      const world = Number((await db.query<{ s: string }>('SELECT sum(telnet)::text AS s FROM users'))[0]!.s);
      const minted =
        (byReason.get('decode') ?? 0) + (byReason.get('operator-grant') ?? 0) + (byReason.get('core-open') ?? 0);
      expect(world).toBe(minted + (byReason.get('market-fee') ?? 0));
      expect((byReason.get('market-sale') ?? 0) + (byReason.get('market-purchase') ?? 0)).toBe(0);
      const sold = await db.query<{ s: string }>(
        "SELECT coalesce(sum(price), 0)::text AS s FROM market_listings WHERE status = 'sold'",
      );
      expect(byReason.get('market-sale') ?? 0).toBe(Number(sold[0]!.s));
      // The run exercised what it claims to: sales, returns, opens and drops all happened.
      const closed = new Map(
        (
          await db.query<{ status: string; n: number }>(
            'SELECT status, count(*)::int AS n FROM market_listings GROUP BY status',
          )
        ).map((r) => [r.status, Number(r.n)]),
      );
      expect(closed.get('sold') ?? 0).toBeGreaterThan(5);
      expect(closed.get('removed') ?? 0).toBeGreaterThan(0);
      expect(byReason.get('core-open') ?? 0).toBeGreaterThan(0);
      expect(byReason.get('decode') ?? 0).toBeGreaterThan(0);
      const opened = await db.query<{ s: string }>(
        'SELECT coalesce(sum(telnet_rewarded), 0)::text AS s FROM telnet_cores WHERE is_used',
      );
      expect(byReason.get('core-open') ?? 0).toBe(Number(opened[0]!.s));
    }, 600_000);
  },
);
