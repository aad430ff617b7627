import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../core/api/kernel';
import { idempotencyKeyHeader } from '../../core/api/idempotency';
import { texts } from '../../core/texts';
import { asPlayer, buildTestApp, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { grant } from '../../../tests/support/items';
import { ledgerRows } from '../../../tests/support/players';

/** An event-loop delay the test sets, so saturation is forced without loading the machine. */
function settableDelay() {
  let ms = 0;
  return { set: (value: number) => void (ms = value), source: { delayMs: () => ms, stop: () => undefined } };
}

const shedCount = async (app: TestApp) => {
  const text = (await app.fastify.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
  return text
    .split('\n')
    .filter((line) => line.startsWith('bitbreach_http_shed_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
};

describe.each(drivers)('shedding load instead of queueing it [%s]', (kind) => {
  const delay = settableDelay();
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(kind, {
      config: { shed: { maxInFlight: 0, maxLoopDelayMs: 200, targetLatencyMs: 0, retryAfterSeconds: 2 } },
      loopDelay: delay.source,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 + Retry-After before reading the body, reports it on /readyz and never sheds /healthz or logout', async () => {
    const p = await asPlayer(app);
    delay.set(500);
    // Past the body limit and not JSON: parsed, it would be a 413 or a 400.
    const huge = await app.fastify.inject({
      method: 'POST',
      url: gridPaths.purchase,
      headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken, 'content-type': 'application/json' },
      payload: `{${'x'.repeat(200_000)}`,
    });
    expect(huge.statusCode, huge.body).toBe(503);
    expect(huge.headers['retry-after']).toBe('2');
    expect(huge.json()).toEqual({ message: texts.serverBusy });
    const ready = await app.fastify.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, saturated: 'event-loop delay' });
    expect((await app.fastify.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(await shedCount(app)).toBe(1);
    const logout = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: p.cookie, 'x-csrf-token': p.csrfToken },
    });
    expect(logout.statusCode, logout.body).not.toBe(503);
    delay.set(0);
    expect((await app.fastify.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('a Kernel purchase shed, then resent with its key, is charged exactly once', async () => {
    const p = await asPlayer(app);
    await grant(app, p, { telnet: 200 });
    await p.request('POST', gridPaths.setColor, { colorR: 1, colorG: 2, colorB: 3 });
    const key = { [idempotencyKeyHeader]: 'shed-then-retried-1' };
    const charged = async () =>
      (await ledgerRows(app.db.database, p.id)).filter((row) => row.reason === 'kernel-bit').length;
    delay.set(500);
    expect((await p.request('POST', gridPaths.purchase, { x: 3, y: 4 }, key)).statusCode).toBe(503);
    expect(await charged()).toBe(0);
    delay.set(0);
    const first = await p.request('POST', gridPaths.purchase, { x: 3, y: 4 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await p.request('POST', gridPaths.purchase, { x: 3, y: 4 }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(await charged()).toBe(1);
  });
});

/** Sends a request's head and half its body, so it stays in flight until the rest comes. */
function halfSentLogin(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 40\r\n\r\n{"loginId":',
      );
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

describe('the in-flight bound', () => {
  let app: TestApp;
  let base = '';
  beforeAll(async () => {
    app = await buildTestApp('pglite', {
      config: { shed: { maxInFlight: 1, maxLoopDelayMs: 0, targetLatencyMs: 0, retryAfterSeconds: 1 } },
    });
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sheds the request past the bound while one is in flight, and takes requests again once it is answered', async () => {
    const port = Number(new URL(base).port);
    const pending = await halfSentLogin(port);
    let ready = await fetch(`${base}/readyz`);
    // The half-sent request reaches the hook after its head is read: ask until it is counted (bounded, no clock).
    for (let attempt = 0; attempt < 50 && ready.status === 200; attempt++) ready = await fetch(`${base}/readyz`);
    expect(await ready.json()).toEqual({ ready: false, saturated: 'requests in flight' });
    const shed = await fetch(`${base}/api/leaderboard`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const closed = new Promise((resolve) => pending.once('close', resolve));
    pending.destroy();
    await closed;
    let after = await fetch(`${base}/readyz`);
    for (let attempt = 0; attempt < 50 && after.status !== 200; attempt++) after = await fetch(`${base}/readyz`);
    expect(after.status).toBe(200);
  });
});
