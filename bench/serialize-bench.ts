import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import fastJsonStringify from 'fast-json-stringify';
import type { z } from 'zod';
import { User } from '../src/core/api/common';
import { LeaderboardResponse } from '../src/core/api/leaderboard';
import { ListingPage } from '../src/core/api/market';
import { buildApp, type App } from '../src/server/app';
import { createDb } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { jsonSchemaOf } from '../src/server/http/contracts';
import { serializerSchema } from '../src/server/http/serializer-schema';
import { requireAuth } from '../src/server/http/session';
import { testConfig } from '../tests/support/config';

/**
 * The compiled serializer (ADR 074) against JSON.stringify on the largest answers, beside the signed-in
 * constant route in the same process and run (ADR 077). Everything is CPU time of this process, so the
 * machine's other load moves it less than wall time would; rounds alternate and the median is reported.
 */

const rounds = 5;
const loops = Number(process.env.BENCH_SERIALIZE_LOOPS ?? 5_000);
const constantRequests = Number(process.env.BENCH_SERIALIZE_REQUESTS ?? 1_000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const iso = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 12, minutes)).toISOString();

/** The answers, shaped as the routes give them and parsed by their contracts so none is off-schema. */
function answers(): { name: string; schema: z.ZodType; value: unknown }[] {
  const listings = Array.from({ length: 20 }, (_, i) =>
    i % 2 === 0
      ? {
          id: 1000 + i,
          itemId: 5000 + i,
          itemType: 'gear' as const,
          itemData: {
            name: `Quantum CPU Mk ${i}`,
            description: 'Raises attack by a little more than the one before.',
            type: 'cpu' as const,
            rarity: 'epic' as const,
            level: 10 + i,
            statValue: 30 + i,
          },
          price: 1200 + i * 17,
          sellerId: 30 + i,
          sellerUsername: `seller_${i}`,
          createdAt: iso(i),
          expiresAt: iso(i + 4320),
        }
      : {
          id: 1000 + i,
          itemId: 5000 + i,
          itemType: 'telnet-core' as const,
          itemData: { name: 'T-3 Telnet Core', coreTypeId: 3, coreTypeName: 'T-3' as const },
          price: 800 + i * 11,
          sellerId: 30 + i,
          sellerUsername: `seller_${i}`,
          createdAt: iso(i),
          expiresAt: iso(i + 4320),
        },
  );
  const leaderboard = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    username: `player_${i}`,
    level: 60 - i,
    currentExp: 12_345 + i,
    maxExp: 99_000,
    totalTaps: 1_000_000 - i * 977,
  }));
  const user = {
    id: 42,
    loginId: 'neo_the_one',
    username: 'neo_the_one',
    level: 31,
    currentExp: 18_000,
    maxExp: 41_000,
    totalTaps: 512_000,
    telnet: 73_500,
    attack: 140,
    criticalRate: 0.17,
    bonusCriticalHit: 0.85,
    connectionRate: 2.4,
    itemDropRate: 0.061,
  };
  const list = [
    {
      name: 'marketplace page (20 listings)',
      schema: ListingPage,
      value: { listings, page: 1, pageSize: 20, total: 734 },
    },
    { name: 'leaderboard (30)', schema: LeaderboardResponse, value: leaderboard },
    { name: 'user view', schema: User, value: user },
  ];
  for (const answer of list) answer.schema.parse(answer.value);
  return list;
}

/** µs of this process's CPU per call of `fn`, over `count` calls. */
function cpuMicros(count: number, fn: () => unknown): number {
  let sink = 0;
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) sink += (fn() as string).length;
  const used = process.cpuUsage(before);
  if (sink === 0) throw new Error('nothing was serialised');
  return (used.user + used.system) / count;
}

async function constantRoute(): Promise<{ app: App; perRequest: () => Promise<number> }> {
  const database = await createDb({ kind: 'pglite', dataDir: null });
  await migrate(database);
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database });
  app.fastify.post('/api/bench/constant', async (request) => {
    requireAuth(request);
    return { ok: true };
  });
  await app.fastify.ready();
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { loginId: 'serialbench', username: 'serialbench', password: 'Passw0rd!' },
  });
  const cookie = `bb_session=${res.cookies.find((c) => c.name === 'bb_session')!.value}`;
  const csrf = (await app.fastify.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: { cookie } })).json()
    .csrfToken as string;
  const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const perRequest = async () => {
    const before = process.cpuUsage();
    for (let i = 0; i < constantRequests; i++) {
      const answer = await app.fastify.inject({ method: 'POST', url: '/api/bench/constant', headers, payload: '{}' });
      if (answer.statusCode !== 200) throw new Error(`constant route answered ${answer.statusCode}`);
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / constantRequests;
  };
  return { app, perRequest };
}

export interface SerializeResult {
  constantRouteUsPerRequest: number;
  /** compiledUs: the serializer the routes use; fullSchemaUs: compiled from the contract's whole JSON Schema (before ADR 077's fix). */
  answers: { name: string; bytes: number; compiledUs: number; fullSchemaUs: number; stringifyUs: number }[];
}

/** `BENCH_ONLY=serialize`: prints the table and writes results/latest.serialize.json. */
export async function benchSerialize(): Promise<SerializeResult> {
  const list = answers().map((a) => ({
    ...a,
    compiled: fastJsonStringify(serializerSchema(jsonSchemaOf(a.schema, 'output'))),
    fullSchema: fastJsonStringify(jsonSchemaOf(a.schema, 'output')),
    compiledUs: [] as number[],
    fullSchemaUs: [] as number[],
    stringifyUs: [] as number[],
  }));
  for (const a of list) {
    if (a.compiled(a.value) !== a.fullSchema(a.value)) throw new Error(`${a.name}: the two serializers disagree`);
  }
  const constant = await constantRoute();
  const constantUs: number[] = [];
  await constant.perRequest(); // warm-up, JIT included
  for (const a of list) {
    cpuMicros(loops, () => a.compiled(a.value));
    cpuMicros(loops, () => a.fullSchema(a.value));
    cpuMicros(loops, () => JSON.stringify(a.value));
  }
  for (let round = 0; round < rounds; round++) {
    constantUs.push(await constant.perRequest());
    for (const a of list) {
      a.compiledUs.push(cpuMicros(loops, () => a.compiled(a.value)));
      a.fullSchemaUs.push(cpuMicros(loops, () => a.fullSchema(a.value)));
      a.stringifyUs.push(cpuMicros(loops, () => JSON.stringify(a.value)));
    }
  }
  await constant.app.close();
  const result: SerializeResult = {
    constantRouteUsPerRequest: median(constantUs),
    answers: list.map((a) => ({
      name: a.name,
      bytes: JSON.stringify(a.value).length,
      compiledUs: median(a.compiledUs),
      fullSchemaUs: median(a.fullSchemaUs),
      stringifyUs: median(a.stringifyUs),
    })),
  };
  console.log(
    `\nSerialisation (median of ${rounds} rounds, µs of CPU per answer; load average ${loadavg()[0]!.toFixed(2)})`,
  );
  console.log(
    `  signed-in constant route, whole request in-process: ${result.constantRouteUsPerRequest.toFixed(1)} µs`,
  );
  for (const a of result.answers) {
    console.log(
      `  ${a.name.padEnd(32)} ${String(a.bytes).padStart(6)} B  compiled ${a.compiledUs.toFixed(2).padStart(6)} µs` +
        `  (whole schema ${a.fullSchemaUs.toFixed(2).padStart(6)} µs)` +
        `  JSON.stringify ${a.stringifyUs.toFixed(2).padStart(6)} µs  (${(a.stringifyUs / a.compiledUs).toFixed(2)}×)`,
    );
  }
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}latest.serialize.json`, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
