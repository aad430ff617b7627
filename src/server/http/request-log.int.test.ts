import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, type TestApp } from '../../../tests/support/app';

// What an operator reads in production (ADR 070): one line per request, with its request id, and
// every error in full (stack included) under the same id.

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

function startApp(config: { logSuccessSample?: number }) {
  const lines: Line[] = [];
  const app = buildTestApp('pglite', {
    config: { logLevel: 'info', ...config },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) },
    routes: (fastify) =>
      fastify.get('/api/test/broken', async () => {
        throw new Error('the disk caught fire');
      }),
  });
  return { app, lines };
}

const ofRequest = (lines: Line[], id: string) => lines.filter((line) => line.reqId === id);

describe('request logging in production', () => {
  let app: TestApp;
  let lines: Line[];
  beforeAll(async () => {
    const started = startApp({});
    lines = started.lines;
    app = await started.app;
  });
  afterAll(() => app.close());

  it('writes exactly one line per request, with method, route, status, time and the request id', async () => {
    const player = await asPlayer(app);
    const requestIds: string[] = [];
    for (const url of ['/api/health', '/api/chat/messages', '/api/leaderboard?sortBy=level']) {
      const res = await player.request('GET', url, undefined, { 'x-request-id': `probe-${requestIds.length}` });
      expect(res.headers['x-request-id']).toBe(`probe-${requestIds.length}`);
      requestIds.push(String(res.headers['x-request-id']));
    }
    for (const id of requestIds) {
      const mine = ofRequest(lines, id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        msg: 'request done',
        method: 'GET',
        status: expect.any(Number),
        ms: expect.any(Number),
      });
    }
    expect(ofRequest(lines, 'probe-2')[0]!.route).toBe('/api/leaderboard');
    // The query string (whatever a player typed) stays out of the log.
    expect(JSON.stringify(lines)).not.toContain('sortBy=level');
  });

  it('logs a refused request’s line too', async () => {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/api/game/tap-batch',
      headers: { 'x-request-id': 'refused-1' },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(ofRequest(lines, 'refused-1')).toEqual([
      expect.objectContaining({ status: 401, route: '/api/game/tap-batch' }),
    ]);
  });

  it('logs an error in full, stack included, under its request id, and the player sees none of it', async () => {
    const res = await app.fastify.inject({
      method: 'GET',
      url: '/api/test/broken',
      headers: { 'x-request-id': 'broken-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('disk caught fire');
    const mine = ofRequest(lines, 'broken-1');
    const failure = mine.find((line) => line.msg === 'request failed') as
      { err?: { message: string; stack: string } } | undefined;
    expect(failure?.err?.message).toBe('the disk caught fire');
    expect(failure?.err?.stack).toMatch(/request-log\.int\.test\.ts/);
    expect(mine.find((line) => line.msg === 'request done')).toMatchObject({ status: 500, level: 50 });
  });
});

describe('request logging with LOG_SUCCESS_SAMPLE=0', () => {
  let app: TestApp;
  let lines: Line[];
  beforeAll(async () => {
    const started = startApp({ logSuccessSample: 0 });
    lines = started.lines;
    app = await started.app;
  });
  afterAll(() => app.close());

  it('writes no line for successful requests, and still one for every refusal and error', async () => {
    for (let i = 0; i < 5; i++)
      await app.fastify.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': `ok-${i}` } });
    await app.fastify.inject({ method: 'GET', url: '/api/chat/messages', headers: { 'x-request-id': 'anon-1' } });
    await app.fastify.inject({ method: 'GET', url: '/api/test/broken', headers: { 'x-request-id': 'broken-2' } });
    expect(lines.filter((line) => String(line.reqId).startsWith('ok-'))).toEqual([]);
    expect(ofRequest(lines, 'anon-1')).toEqual([expect.objectContaining({ status: 401 })]);
    expect(
      ofRequest(lines, 'broken-2')
        .map((line) => line.msg)
        .sort(),
    ).toEqual(['request done', 'request failed']);
  });
});
