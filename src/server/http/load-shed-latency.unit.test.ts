import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { registerLoadShed, type LoadShedder } from './load-shed';

/**
 * The shedding hook with a latency target, on a bare server: a route whose answers the test holds and
 * releases, and a clock the test moves, so "slow" and "in time" need no waiting.
 */
async function slowServer() {
  let clock = 0;
  const gates: Array<() => void> = [];
  const app: FastifyInstance = Fastify();
  const shedder: LoadShedder = registerLoadShed(app, {
    bounds: { maxInFlight: 16, maxLoopDelayMs: 0, targetLatencyMs: 50, retryAfterSeconds: 1 },
    loopDelay: { delayMs: () => 0, stop: () => undefined },
    shedCount: new Counter({ name: 'shed_total', help: 'shed', labelNames: ['reason'], registers: [new Registry()] }),
    latencyWindows: 'manual',
    now: () => clock,
  });
  app.get('/api/held', () => new Promise<{ ok: true }>((resolve) => gates.push(() => resolve({ ok: true }))));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    shedder,
    advance: (ms: number) => void (clock += ms),
    base,
    /** Sends `count` requests and waits until the server holds them all (bounded, no clock). */
    async hold(count: number) {
      const replies = Array.from({ length: count }, () => fetch(`${base}/api/held`));
      for (let attempt = 0; attempt < 5000 && shedder.inFlight() < count; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 1));
      return replies;
    },
    releaseAll() {
      gates.splice(0).forEach((open) => open());
    },
  };
}

describe('a worker whose answers are slower than its target takes fewer requests at once', () => {
  let server: Awaited<ReturnType<typeof slowServer>> | undefined;
  afterEach(async () => {
    server?.releaseAll();
    await server?.app.close();
  });

  it('sheds past a lower bound after slow answers, and climbs back to the ceiling once answers come in time', async () => {
    server = await slowServer();
    const { shedder } = server;
    expect(shedder.inFlightLimit()).toBe(16);

    // Sixteen held for two seconds each: the window's p95 is past the 50 ms target.
    const slow = await server.hold(16);
    expect(shedder.inFlight()).toBe(16);
    server.advance(2000);
    server.releaseAll();
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual(Array(16).fill(200));
    shedder.closeLatencyWindow();
    expect(shedder.inFlightLimit()).toBe(12);

    // The thirteenth request now gets a fast 503, where the fixed bound would have taken it.
    const held = await server.hold(12);
    const shed = await fetch(`${server.base}/api/held`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('x-shed')).toBe('requests in flight');
    server.releaseAll();
    await Promise.all(held);

    // Answers in time (the clock does not move) at the bound: one step up a window, never past 16.
    for (let window = 0; window < 10; window++) {
      const atBound = await server.hold(shedder.inFlightLimit());
      server.releaseAll();
      await Promise.all(atBound);
      shedder.closeLatencyWindow();
    }
    expect(shedder.inFlightLimit()).toBe(16);
  });
});
