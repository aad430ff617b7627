import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, tapsPerBatch, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { HttpPlayer } from '../../../tests/support/http-player';
import { spawnServer } from '../../../tests/support/process';
import { openSocket } from '../../../tests/support/socket';

/** One sample's value from Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(drivers)('health, readiness and metrics [%s]', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers /healthz and /readyz while the database is reachable, never cached', async () => {
    const live = await app.fastify.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    const ready = await app.fastify.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ ready: true, draining: false, database: true });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('counts requests per route pattern and tap groups, and shows them to a local scraper only', async () => {
    const p = await asPlayer(app);
    const tap = await p.request('POST', '/api/game/tap-batch', { tapCount: tapsPerBatch, batchTimestamp: 1 });
    expect(tap.statusCode, tap.body).toBe(200);
    await p.request('GET', `/api/directories/user/${p.username}`);
    const metrics = await app.fastify.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.body;
    const count = (route: string, status: string) =>
      sample(text, 'bitbreach_http_request_duration_seconds_count', {
        method: route.split(' ')[0]!,
        route: route.split(' ')[1]!,
        status,
      });
    expect(count('POST /api/auth/register', '2xx')).toBe(1);
    expect(count('POST /api/game/tap-batch', '2xx')).toBe(1);
    // The route pattern, not the URL: one series however many players are looked up.
    expect(count('GET /api/directories/user/:username', '2xx')).toBe(1);
    expect(sample(text, 'bitbreach_group_commit_size_count')).toBe(1);
    expect(sample(text, 'bitbreach_open_sockets')).toBe(0);
    expect(text).toContain('bitbreach_job_lag_seconds');
    expect(text).toContain('process_cpu_seconds_total');
    if (kind === 'postgres') expect(text).toMatch(/bitbreach_db_connections\{state="(idle|active)"\} [1-9]/);
    // A caller the server reaches over the network sees nothing there, whatever it claims to forward.
    const remote = await app.fastify.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
  });

  it('keeps a well-formed x-request-id from the load balancer and makes one up otherwise', async () => {
    const given = await app.fastify.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-42.abc' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42.abc');
    const junk = await app.fastify.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'x'.repeat(200) },
    });
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says not ready once draining starts, while still answering requests in flight', async () => {
    app.startDraining();
    const ready = await app.fastify.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, draining: true, database: true });
    expect((await app.fastify.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness and metrics protection from configuration [pglite]', () => {
  it('is not ready while the configured Redis is unreachable', async () => {
    const app = await buildTestApp('pglite', { config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const ready = await app.fastify.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, database: true, redis: false });
    } finally {
      await app.close();
    }
  });

  it('behind a proxy (TRUST_PROXY) answers /metrics only with METRICS_TOKEN: a same-host proxy makes every caller loopback', async () => {
    const untokened = await buildTestApp('pglite', { config: { trustProxy: ['127.0.0.1'] } });
    try {
      expect(
        (await untokened.fastify.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(404);
    } finally {
      await untokened.close();
    }
    const app = await buildTestApp('pglite', { config: { trustProxy: 1, metricsToken: 'scrape-token-0123456789' } });
    try {
      const get = (headers: Record<string, string>) =>
        app.fastify.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect((await get({})).statusCode).toBe(404);
      expect((await get({ authorization: 'Bearer scrape-token-0123456789' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 180_000);

  it('wants the bearer token when METRICS_TOKEN is set, even from loopback', async () => {
    const app = await buildTestApp('pglite', { config: { metricsToken: 'scrape-token-0123456789' } });
    try {
      const get = (headers: Record<string, string>) =>
        app.fastify.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect((await get({})).statusCode).toBe(404);
      expect((await get({ authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(404);
      expect((await get({ authorization: 'Bearer scrape-token-0123456789' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

// A fresh embedded database migrates inside the spawned server: as long as spawnServer allows for its start.
describe('SIGTERM drains the server process [pglite]', { timeout: 240_000 }, () => {
  it('says not ready for DRAIN_DELAY_MS, closes sockets with 1001 so tabs reconnect, commits what it accepted, exits 0', async () => {
    const server = await spawnServer({
      DATA_DIR: `/tmp/bitbreach-drain-${process.pid}-${Date.now()}`,
      ACCOUNTS_PER_IP: '0',
      DRAIN_DELAY_MS: '1500',
    });
    try {
      const player = new HttpPlayer(server.url, 'drain1');
      await player.register();
      const socket = await openSocket(server.url, player.cookie);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      // Until the delay ends the load balancer sees 503 on /readyz, and requests still succeed.
      let readyStatus = 0;
      for (let i = 0; i < 50 && readyStatus !== 503; i++) {
        readyStatus = (await fetch(`${server.url}/readyz`)).status;
        if (readyStatus !== 503) await new Promise((r) => setTimeout(r, 20));
      }
      expect(readyStatus).toBe(503);
      expect((await player.tapBatch(3, 1)).status).toBe(200);
      expect((await socket.closed).code).toBe(1001);
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
