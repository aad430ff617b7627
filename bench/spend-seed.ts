// What the spending-route bench (bench/spend-bench.ts) gives its players before the phases: Telnet
// through the wallet, one gear to equip, one gear to list, cores to open (all through the inventory),
// one listing each through the market service, EXP for boss guesses, a boss that stays up.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { gearTypes } from '../src/core/items';
import { makeGear, rollCore } from '../src/core/rules/drops';
import { createDb } from '../src/server/db/connect';
import { createMarketService } from '../src/server/features/data-exchange/service';
import { addItems } from '../src/server/inventory';
import { createMemoryBus } from '../src/server/realtime/bus-memory';
import { credit } from '../src/server/wallet';
import type { BenchPlayer } from './players';

export const coresPerPlayer = 3;

export interface SpendSeed {
  /** Per player: a level-1 gear to equip and unequip in turn. */
  equipGear: Map<number, number>;
  /** Per player: unopened cores. */
  cores: Map<number, number[]>;
  /** One listing per player, bought by someone else. */
  listings: Array<{ id: number; sellerId: number }>;
  boss: { id: number; wrongGuess: string };
}

/** Per player: Telnet, a gear to equip, a gear listed on the market, cores (the soak lists with it too). */
export async function seedItems(url: string, players: BenchPlayer[]) {
  const database = await createDb({ kind: 'postgres', url, max: 2 });
  const equipGear = new Map<number, number>();
  const listGear = new Map<number, number>();
  const cores = new Map<number, number[]>();
  // Players in id order: each transaction locks them one by one, and the lock order is by id (ADR 044).
  const byId = [...players].sort((a, b) => a.id - b.id);
  try {
    for (let start = 0; start < byId.length; start += 50) {
      await database.db.transaction(async (tx) => {
        for (const [i, player] of byId.slice(start, start + 50).entries()) {
          await credit(tx, {
            userId: player.id,
            amount: 10_000_000,
            reason: 'operator-grant',
            reference: `bench:${player.id}`,
          });
          const type = gearTypes[(start + i) % gearTypes.length]!;
          const added = await addItems(tx, {
            userId: player.id,
            gear: [makeGear(type, 'common', 1), makeGear(type, 'rare', 1)],
            cores: Array.from({ length: coresPerPlayer }, () => rollCore(Math.random)),
            onFull: 'refuse',
          });
          if (added.kind !== 'added') throw new Error(`seeding player ${player.id}: inventory full`);
          equipGear.set(player.id, added.gear[0]!.id);
          listGear.set(player.id, added.gear[1]!.id);
          cores.set(
            player.id,
            added.cores.map((c) => c.id),
          );
        }
      });
    }
    const market = createMarketService({
      database,
      bus: createMemoryBus({ warn: () => {}, info: () => {} }),
      now: Date.now,
      userView: () => Promise.reject(new Error('no views while seeding')),
    });
    const listings: SpendSeed['listings'] = [];
    const work = [...listGear];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let job = work.pop(); job; job = work.pop()) {
          const [sellerId, itemId] = job;
          const outcome = await market.create(sellerId, randomUUID(), { itemType: 'gear', itemId, price: 100 });
          const listing = (outcome.body as { listing?: { id: number } }).listing;
          if (outcome.statusCode !== 200 || !listing) throw new Error(`listing: ${JSON.stringify(outcome.body)}`);
          listings.push({ id: listing.id, sellerId });
        }
      }),
    );
    return { equipGear, cores, listings };
  } finally {
    await database.close();
  }
}

/** Every player's Telnet, items and listing, EXP for guesses, and the active boss (made unkillable for the run). */
export async function seedSpend(url: string, players: BenchPlayer[]): Promise<SpendSeed> {
  const items = await seedItems(url, players);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Every guess costs at least 1 EXP (ADR 050).
    // Past the new-player shield (level 5, 24 hours) and all within 10 levels of each other, for the hacks.
    await sql`UPDATE users SET current_exp = 1000000, level = 8, created_at = now() - interval '2 days'`;
    await sql`UPDATE blockchain_bosses SET max_integrity = 1000000, integrity = 1000000 WHERE status = 'active'`;
    const [boss] = await sql<{ id: number; code: string }[]>`
      SELECT id, code FROM blockchain_bosses WHERE status = 'active'`;
    if (!boss) throw new Error('no active boss');
    const wrongGuess = [...boss.code].map((d) => String((Number(d) + 1) % 10)).join('');
    return { ...items, boss: { id: boss.id, wrongGuess } };
  } finally {
    await sql.end();
  }
}
