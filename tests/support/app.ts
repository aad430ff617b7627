import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { securePaths } from '../../src/core/api/game';
import { balance } from '../../src/core/balance';
import { decodeSecureData, encodeSecureData } from '../../src/core/secure-data';
import { buildApp, type App, type AppDeps } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { seededRandom } from '../../src/core/random';
import { testConfig } from './config';
import { freshDatabase, type DriverKind, type TestDatabase } from './db';

export interface TestApp extends App {
  db: TestDatabase;
  clock: { now: number; advance(ms: number): void };
}

/** The real app on a fresh database, with an injected clock and a seeded random source. */
export async function buildTestApp(
  kind: DriverKind,
  options: {
    config?: Partial<Config>;
    seed?: number;
    random?: () => number;
    realClock?: boolean;
    /** Captures the app's log lines (set config.logLevel too: tests are silent by default). */
    logStream?: { write(line: string): void };
    /** Sees every route the app registers. */
    onRoute?: AppDeps['onRoute'];
    /** The event-loop delay the load shedder reads (ADR 072); tests set it instead of loading the machine. */
    loopDelay?: AppDeps['loopDelay'];
    /** Extra routes a test needs, added before the app is ready. */
    routes?: (fastify: App['fastify']) => void;
  } = {},
): Promise<TestApp> {
  const db = await freshDatabase(kind);
  const clock = {
    now: Date.UTC(2026, 10, 22, 12, 0, 0),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const app = await buildApp({
    config: testConfig(options.config),
    database: db.database,
    now: options.realClock ? Date.now : () => clock.now,
    random: options.random ?? seededRandom(options.seed ?? 42),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.loopDelay ? { loopDelay: options.loopDelay } : {}),
    checkResponses: true,
  });
  options.routes?.(app.fastify);
  await app.fastify.ready();
  return {
    ...app,
    db,
    clock,
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}

const secure = new Set<string>(securePaths);
let counter = 0;

/** A unique login ID, username and address per call, so tests never collide. */
export function uniquePlayer(prefix = 'p') {
  counter += 1;
  const tag = `${prefix}${process.pid % 1000}x${counter}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  return {
    loginId: tag,
    username: tag,
    password: 'Passw0rd!',
    ip: `10.${counter % 250}.${(counter >> 8) % 250}.${1 + (counter % 200)}`,
  };
}

export interface Player {
  id: number;
  loginId: string;
  username: string;
  password: string;
  ip: string;
  cookie: string;
  csrfToken: string;
  /** Sends a request as this player: JSON body, cookie, CSRF token; secure paths wrapped both ways. */
  request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse & { data: any }>;
}

function cookieFrom(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === 'bb_session');
  if (!set) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `bb_session=${set.value}`;
}

/** Registers a new player through the API and returns a handle that talks as them. */
export async function asPlayer(app: App, overrides: Partial<ReturnType<typeof uniquePlayer>> = {}): Promise<Player> {
  const p = { ...uniquePlayer(), ...overrides };
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: p.ip,
    payload: { loginId: p.loginId, username: p.username, password: p.password },
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = cookieFrom(res);
  const token = await app.fastify.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: { cookie } });
  const player: Player = {
    ...p,
    id: res.json().id,
    cookie,
    csrfToken: token.json().csrfToken,
    async request(method, url, body, headers = {}) {
      const path = url.split('?')[0]!;
      const wrapped = body !== undefined && secure.has(path) ? { secureData: encodeSecureData(body, 'client') } : body;
      const r = await app.fastify.inject({
        method,
        url,
        remoteAddress: p.ip,
        headers: { cookie: player.cookie, 'x-csrf-token': player.csrfToken, ...headers },
        ...(wrapped !== undefined ? { payload: wrapped as object } : {}),
      });
      let data: unknown = undefined;
      try {
        data = r.json();
        if (data && typeof data === 'object' && 'secureData' in data && secure.has(path)) {
          data = decodeSecureData((data as { secureData: string }).secureData, 'server', 1 << 20);
        }
      } catch {
        data = r.body;
      }
      return Object.assign(r, { data });
    },
  };
  return player;
}

/** Asserts a 4xx with the exact message the player sees. */
export function expectError(res: LightMyRequestResponse, status: number, message?: string | RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) {
    const body = res.json() as { message: string };
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
  }
}

export const tapsPerBatch = balance.tapBatchSize;
