/**
 * BENCH_ONLY=market: the Data Exchange on PostgreSQL with 1,000 players and 10,000
 * active listings.
 *
 *  seed: 1,000 players registered through the real register route; each is given Telnet and 10 gear
 *        in the orchestrator through the wallet (ledger reason 'operator-grant') and the inventory
 *        module, as `npm run grant` does; then every item is listed through the market service's
 *        create (escrow, expiry job, idempotency row), so the 10,000 listings are what players make.
 *  first page: the server child is restarted (new process: cold JIT, empty pools and statement
 *        caches; PostgreSQL's buffers stay as they are), then each marketplace variant is read once
 *        (cold) and 30 more times (warm, p50/p99).
 *  buy: the signed-in constant route (POST /api/bench/constant, same hooks) and POST /api/marketplace/buy,
 *        each closed loop at the same concurrency for the same time. Every buy is a different listing
 *        bought by a player who is not its seller, with a fresh Idempotency-Key: the server moves the
 *        Telnet (ledger rows on both sides, 5 % fee burned) and the item in one transaction.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { marketPaths } from '../src/core/api/market';
import { makeGear } from '../src/core/rules/drops';
import { gearTypes, rarities } from '../src/core/items';
import { createDb } from '../src/server/db/connect';
import { createMarketService } from '../src/server/features/data-exchange/service';
import { addItems } from '../src/server/inventory';
import { createMemoryBus } from '../src/server/realtime/bus-memory';
import { credit } from '../src/server/wallet';
import type { BenchConfig } from './config';
import { fixed, table } from './format';
import { createTarget, send, type Target } from './http-client';
import { runClosedLoop, type Shot } from './load';
import { registerPlayers, type BenchPlayer } from './players';
import { createScratchDb, dropScratchDb } from './scratch-db';
import { startServer, type ServerHandle } from './server-handle';
import { percentile, type LoadSummary } from './stats';

export interface PageTiming {
  name: string;
  path: string;
  total: number;
  coldMs: number;
  warmP50Ms: number;
  warmP99Ms: number;
}

export interface MarketResult {
  players: number;
  listings: number;
  registerS: number;
  seedItemsS: number;
  createListingsPerS: number;
  pages: PageTiming[];
  concurrency: number;
  constant: LoadSummary;
  buy: LoadSummary & { bought: number; refused: number };
  listingsLeft: number;
}

const itemsPerPlayer = 10;
const startingTelnet = 1_000_000;
const warmReads = 30;

/** Each player's gear ids, then the listing ids their items got. */
interface Seller {
  player: BenchPlayer;
  gearIds: number[];
}

const headersOf = (p: BenchPlayer, key?: string) => ({
  cookie: p.cookie,
  'x-csrf-token': p.csrfToken,
  ...(key ? { 'idempotency-key': key } : {}),
});

/** Telnet and 10 gear per player, 50 players per transaction, through the wallet and the inventory. */
async function seedItems(url: string, players: BenchPlayer[]): Promise<Seller[]> {
  const database = await createDb({ kind: 'postgres', url, max: 4 });
  try {
    const sellers: Seller[] = [];
    for (let start = 0; start < players.length; start += 50) {
      const batch = players.slice(start, start + 50);
      await database.db.transaction(async (tx) => {
        for (const [i, player] of batch.entries()) {
          await credit(tx, {
            userId: player.id,
            amount: startingTelnet,
            reason: 'operator-grant',
            reference: `bench:${player.id}`,
          });
          const gear = Array.from({ length: itemsPerPlayer }, (_, k) =>
            makeGear(
              gearTypes[(start + i + k) % gearTypes.length]!,
              rarities[(start + i * 3 + k) % rarities.length]!,
              1 + ((i + k) % 30),
            ),
          );
          const added = await addItems(tx, { userId: player.id, gear, onFull: 'refuse' });
          if (added.kind !== 'added') throw new Error(`seeding player ${player.id}: inventory full`);
          sellers.push({ player, gearIds: added.gear.map((g) => g.id) });
        }
      });
    }
    return sellers;
  } finally {
    await database.close();
  }
}

/**
 * Every seeded item listed through the market service's create (idempotency key, escrow, expiry job:
 * what the route calls after its hooks), 24 at a time on the orchestrator's own pool. Not through HTTP:
 * on this shared machine 10,000 route calls took minutes; the bench measures buying and reading.
 */
async function listEverything(
  url: string,
  sellers: Seller[],
): Promise<{ listings: Array<{ id: number; sellerId: number }>; perS: number }> {
  const database = await createDb({ kind: 'postgres', url, max: 24 });
  const market = createMarketService({
    database,
    bus: createMemoryBus({ warn: () => {}, info: () => {} }),
    now: Date.now,
    userView: () => Promise.reject(new Error('no views while seeding')),
  });
  try {
    const work = sellers.flatMap((s) =>
      s.gearIds.map((itemId, k) => ({ sellerId: s.player.id, itemId, price: 1 + ((itemId * 7919 + k) % 5000) })),
    );
    const listings: Array<{ id: number; sellerId: number }> = [];
    let next = 0;
    const startedAt = performance.now();
    async function worker(): Promise<void> {
      while (next < work.length) {
        const job = work[next++]!;
        const outcome = await market.create(job.sellerId, randomUUID(), {
          itemType: 'gear',
          itemId: job.itemId,
          price: job.price,
        });
        const body = outcome.body as { success?: boolean; listing?: { id: number } };
        if (outcome.statusCode !== 200 || !body.listing)
          throw new Error(`create listing: ${outcome.statusCode} ${JSON.stringify(body)}`);
        listings.push({ id: body.listing.id, sellerId: job.sellerId });
      }
    }
    await Promise.all(Array.from({ length: 24 }, worker));
    return { listings, perS: work.length / ((performance.now() - startedAt) / 1000) };
  } finally {
    await database.close();
  }
}

const pageVariants: Array<{ name: string; query: string; path?: string }> = [
  { name: 'first page (newest)', query: '' },
  { name: 'sort price low→high', query: '?sort=price-asc' },
  { name: 'sort price high→low', query: '?sort=price-desc' },
  { name: 'type=cpu', query: '?type=cpu' },
  { name: 'rarity=epic, price high→low', query: '?rarity=epic&sort=price-desc' },
  { name: 'search "quantum"', query: '?q=quantum' },
  { name: 'search "ram" + type=ram', query: '?q=ram&type=ram' },
  { name: 'page 200', query: '?page=200' },
  // The price reference every Data Exchange screen reads (21 items: cheapest listing, last 10 sales).
  { name: 'market prices (21 items)', query: '', path: marketPaths.prices },
];

async function timeGet(
  target: Target,
  player: BenchPlayer,
  path: string,
  timeoutMs: number,
): Promise<{ ms: number; total: number }> {
  const startedAt = performance.now();
  const reply = await send(target, 'GET', path, { headers: headersOf(player), wantBody: true, timeoutMs });
  const ms = performance.now() - startedAt;
  if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${reply.body}`);
  const body = JSON.parse(reply.body!) as { total: number } | unknown[];
  return { ms, total: Array.isArray(body) ? body.length : body.total };
}

/** Cold: the first read of each variant after a server restart. Warm: 30 reads more, one at a time. */
async function timePages(target: Target, player: BenchPlayer, timeoutMs: number): Promise<PageTiming[]> {
  const timings: PageTiming[] = [];
  for (const variant of pageVariants) {
    const path = `${variant.path ?? marketPaths.listings}${variant.query}`;
    const cold = await timeGet(target, player, path, timeoutMs);
    const warm: number[] = [];
    for (let i = 0; i < warmReads; i++) warm.push((await timeGet(target, player, path, timeoutMs)).ms);
    warm.sort((a, b) => a - b);
    timings.push({
      name: variant.name,
      path,
      total: cold.total,
      coldMs: cold.ms,
      warmP50Ms: percentile(warm, 50),
      warmP99Ms: percentile(warm, 99),
    });
  }
  return timings;
}

/** Buys: a round-robin over buyers, each taking the next listing that is neither theirs nor already taken. */
function buyShots(
  players: BenchPlayer[],
  listings: Array<{ id: number; sellerId: number }>,
  outcome: { bought: number; refused: number },
) {
  let buyer = 0;
  let cursor = 0;
  return (): Shot | null => {
    const player = players[buyer]!;
    buyer = (buyer + 1) % players.length;
    while (cursor < listings.length && listings[cursor]!.sellerId === player.id) cursor += 1;
    if (cursor >= listings.length) return null;
    const listing = listings[cursor]!;
    listings[cursor] = listings[listings.length - 1]!;
    listings.pop();
    return {
      path: marketPaths.buy,
      headers: headersOf(player, randomUUID()),
      body: JSON.stringify({ listingId: listing.id }),
      wantBody: true,
      settle(status, body) {
        if (status !== 200 || !body) return status === 0;
        const answer = JSON.parse(body) as { success: boolean };
        if (answer.success) outcome.bought += 1;
        else outcome.refused += 1;
        return answer.success;
      },
    };
  };
}

function constantShots(players: BenchPlayer[]) {
  let next = 0;
  return (): Shot => {
    const player = players[next]!;
    next = (next + 1) % players.length;
    // A body of the buy's size, so both routes parse the same amount of JSON.
    return {
      path: '/api/bench/constant',
      headers: headersOf(player, randomUUID()),
      body: JSON.stringify({ listingId: 123456 }),
      wantBody: false,
      settle: () => true,
    };
  };
}

const short = (s: LoadSummary) =>
  `${s.okPerS.toFixed(0)} ok/s, p50 ${s.p50Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms`;

async function runMarket(
  server: ServerHandle,
  restart: () => Promise<ServerHandle>,
  url: string,
  config: BenchConfig,
): Promise<MarketResult> {
  const timeoutMs = config.requestTimeoutMs;
  let target = createTarget(server.port, config.concurrency);
  const registerStartedAt = performance.now();
  console.error(`  registering ${config.players} players (argon2id, ${config.registerConcurrency} at a time)...`);
  const players = await registerPlayers(target, config.players, config.registerConcurrency, timeoutMs);
  const registerS = (performance.now() - registerStartedAt) / 1000;

  const seedStartedAt = performance.now();
  const sellers = await seedItems(url, players);
  const seedItemsS = (performance.now() - seedStartedAt) / 1000;
  console.error(
    `  seeded ${sellers.length * itemsPerPlayer} gear in ${seedItemsS.toFixed(1)} s; listing them through the market service...`,
  );
  const { listings, perS: createListingsPerS } = await listEverything(url, sellers);
  console.error(`  ${listings.length} listings at ${createListingsPerS.toFixed(0)} creates/s`);
  target.agent.destroy();

  // A new server process for the cold read (same database, sessions still valid).
  const fresh = await restart();
  target = createTarget(fresh.port, config.concurrency);
  const pages = await timePages(target, players[0]!, timeoutMs);
  for (const p of pages)
    console.error(`  ${p.name}: cold ${p.coldMs.toFixed(1)} ms, warm p50 ${p.warmP50Ms.toFixed(1)} ms`);

  const closed = { concurrency: config.concurrency, timeoutMs };
  const outcome = { bought: 0, refused: 0 };
  const shuffled = listings.sort(() => Math.random() - 0.5);
  // Warm-up (not measured): both routes, a few hundred buys.
  await runClosedLoop(target, { ...closed, durationMs: config.warmupMs / 2, next: constantShots(players) });
  const buys = buyShots(players, shuffled, outcome);
  await runClosedLoop(target, { ...closed, durationMs: config.warmupMs / 2, next: buys });
  outcome.bought = 0;
  outcome.refused = 0;

  const constant = await runClosedLoop(target, { ...closed, durationMs: config.phaseMs, next: constantShots(players) });
  console.error(`  constant route: ${short(constant)}`);
  await sleep(500);
  const buy = await runClosedLoop(target, { ...closed, durationMs: config.phaseMs, next: buys });
  console.error(`  buy: ${short(buy)}, bought ${outcome.bought}, refused ${outcome.refused}`);
  const left = await timeGet(target, players[0]!, `${marketPaths.listings}?pageSize=1`, timeoutMs);
  target.agent.destroy();
  return {
    players: players.length,
    listings: listings.length + outcome.bought,
    registerS,
    seedItemsS,
    createListingsPerS,
    pages,
    concurrency: config.concurrency,
    constant,
    buy: { ...buy, ...outcome },
    listingsLeft: left.total,
  };
}

/** The market part end to end: scratch database, server child (restarted once), clean-up. */
export async function benchMarket(config: BenchConfig): Promise<MarketResult> {
  console.error('\n[market] starting server (PostgreSQL)...');
  const scratch = await createScratchDb(config.pgAdminUrl, 'bb_bench_market');
  process.env.BENCH_SESSION_SECRET ??= randomBytes(32).toString('base64url');
  let server: ServerHandle | null = null;
  try {
    server = await startServer({ driver: 'postgres', databaseUrl: scratch.url, cpuProfileDir: config.cpuProfileDir });
    const restart = async () => {
      await server!.close();
      server = await startServer({ driver: 'postgres', databaseUrl: scratch.url, cpuProfileDir: config.cpuProfileDir });
      return server;
    };
    return await runMarket(server, restart, scratch.url, config);
  } finally {
    await server?.close();
    await dropScratchDb(config.pgAdminUrl, scratch.name);
  }
}

export function printMarket(result: MarketResult): void {
  console.log(
    `\nData Exchange (PostgreSQL): ${result.players} players, ${result.listings} active listings at the start of the buy phase`,
  );
  console.log(
    `  register ${result.registerS.toFixed(1)} s; gear seeded in ${result.seedItemsS.toFixed(1)} ` +
      `s; listings created through the market service at ${result.createListingsPerS.toFixed(0)}/s`,
  );
  console.log(
    '\nFirst marketplace page (GET /api/marketplace/listings, 20 per page; cold = first read after a server restart):',
  );
  console.log(
    table(
      ['variant', 'query', 'total', 'cold ms', 'warm p50 ms', 'warm p99 ms'],
      result.pages.map((p) => [
        p.name,
        p.path.replace(marketPaths.listings, '') || '(none)',
        String(p.total),
        fixed(p.coldMs),
        fixed(p.warmP50Ms),
        fixed(p.warmP99Ms),
      ]),
    ),
  );
  const row = (name: string, s: LoadSummary) => [
    name,
    `closed loop, ${result.concurrency} connections`,
    fixed(s.okPerS, 0),
    fixed(s.p50Ms),
    fixed(s.p99Ms),
    String(Object.values(s.otherStatuses).reduce((a, b) => a + b, 0) + s.networkErrors),
  ];
  console.log('\nBuy throughput against the signed-in constant route (same server, same run):');
  console.log(
    table(
      ['route', 'mode', 'ok/s', 'p50 ms', 'p99 ms', 'errors'],
      [row('constant route', result.constant), row('marketplace buy', result.buy)],
    ),
  );
  console.log(
    `  buy / constant = ${(result.buy.okPerS / result.constant.okPerS).toFixed(2)}; ` +
      `${result.buy.bought} bought, ${result.buy.refused} refused; ${result.listingsLeft} listings left`,
  );
}
