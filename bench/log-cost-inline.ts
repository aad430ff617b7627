import { openSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { infra } from '../src/core/infra';
import { encodeSecureData } from '../src/core/secure-data';
import { buildApp, type App } from '../src/server/app';
import { createDb } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { requireAuth } from '../src/server/http/session';
import { createLogOutput, type LogOutput } from '../src/server/log-output';
import { testConfig } from '../tests/support/config';
import { logLikeFastifyDefault } from './fastify-default-log';

type Mode = 'silent' | 'line' | 'fastify';

let lastRequest: { request: FastifyRequest; reply: FastifyReply } | null = null;

/**
 * The same comparison as log-cost.ts with no network and no other process: three apps in this
 * process, each request injected (light-my-request) and the process's own CPU time counted. What is
 * left is the app's work per request, logging included, and the scheduler's noise mostly out of it.
 */
async function appFor(mode: Mode): Promise<{ app: App; headers: Record<string, string>; output: LogOutput }> {
  const database = await createDb({ kind: 'pglite', dataDir: null });
  await migrate(database);
  const output = createLogOutput(openSync('/dev/null', 'w'), infra.logQueueMaxBytes);
  const logStream = output.stream;
  const app = await buildApp({
    config: testConfig({ logLevel: mode === 'silent' ? 'silent' : 'info' }),
    database,
    ...(mode === 'silent' ? {} : { logStream }),
  });
  if (mode === 'fastify') logLikeFastifyDefault(app.fastify);
  app.fastify.addHook('onResponse', async (request, reply) => void (lastRequest = { request, reply }));
  app.fastify.post('/api/bench/constant', async (request) => {
    requireAuth(request);
    return { ok: true, message: 'constant' };
  });
  await app.fastify.ready();
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { loginId: `inline${mode}`, username: `inline${mode}`, password: 'Passw0rd!' },
  });
  const cookie = `bb_session=${res.cookies.find((c) => c.name === 'bb_session')!.value}`;
  const csrf = (await app.fastify.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: { cookie } })).json()
    .csrfToken as string;
  return { app, headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' }, output };
}

/** µs of this process's CPU per request for `count` injected constant-route requests, 16 in flight. */
async function slice(target: { app: App; headers: Record<string, string> }, count: number): Promise<number> {
  const payload = JSON.stringify({ secureData: encodeSecureData({ tapCount: 1, batchTimestamp: 1 }, 'client') });
  const before = process.cpuUsage();
  let sent = 0;
  const lane = async () => {
    while (sent < count) {
      sent += 1;
      const res = await target.app.fastify.inject({
        method: 'POST',
        url: '/api/bench/constant',
        headers: target.headers,
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`constant route answered ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, lane));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

/** Rounds of `count` requests per mode, alternating; the µs per request of each mode, per round. */
export async function inlineLogCost(rounds: number, count: number): Promise<Record<Mode, number[]>> {
  const modes: Mode[] = ['silent', 'line', 'fastify'];
  const apps = new Map<Mode, Awaited<ReturnType<typeof appFor>>>();
  for (const mode of modes) apps.set(mode, await appFor(mode));
  for (const mode of modes) await slice(apps.get(mode)!, count); // warm-up
  const results: Record<Mode, number[]> = { silent: [], line: [], fastify: [] };
  for (let round = 0; round < rounds; round++)
    for (const mode of modes) results[mode].push(await slice(apps.get(mode)!, count));
  for (const { app } of apps.values()) await app.close();
  return results;
}

/**
 * The logging calls alone, in a tight loop on one real request's objects (captured in a hook), to
 * the production output on /dev/null: µs of CPU per request for Fastify's two lines and for the one
 * line (ADR 070), serializing and writing. A loop this short is moved little by the machine's load.
 */
export async function loggingCallsCost(loops: number): Promise<{ fastify: number; line: number }> {
  const { app, headers, output } = await appFor('line');
  const payload = JSON.stringify({ secureData: encodeSecureData({ tapCount: 1, batchTimestamp: 1 }, 'client') });
  await app.fastify.inject({ method: 'POST', url: '/api/bench/constant', headers, payload });
  if (!lastRequest) throw new Error('no request captured');
  const { request, reply } = lastRequest;
  // In chunks, each written out before the next, so the queue never reaches its cap (a dropped line
  // costs nothing) and the writes are counted too.
  const time = async (fn: () => void) => {
    const before = process.cpuUsage();
    for (let i = 0; i < loops; i += 500) {
      for (let j = 0; j < 500; j++) fn();
      await output.flush(5000);
    }
    const used = process.cpuUsage(before);
    if (output.dropped() > 0) throw new Error('log lines were dropped: the figure would be too low');
    return (used.user + used.system) / loops;
  };
  const fastify = () => {
    request.log.info({ req: request }, 'incoming request');
    request.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  };
  const line = () =>
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request done',
    );
  await time(fastify);
  await time(line);
  const result = { fastify: await time(fastify), line: await time(line) };
  await app.close();
  return result;
}
