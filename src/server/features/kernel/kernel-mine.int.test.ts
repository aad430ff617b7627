import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../../core/api/kernel';
import { asPlayer, buildTestApp, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, grant } from '../../../../tests/support/items';

/** GET /api/grid/mine (ADR 066): the screen opens on, outlines and jumps to the player's own bits. */
describe.each(drivers)('kernel: my bits [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists only the player's own bits, newest first, with their count; a stranger sees none of them", async () => {
    const a = await asPlayer(app);
    const b = await asPlayer(app);
    expect((await a.request('GET', gridPaths.mine)).json()).toEqual({ count: 0, bits: [] });
    await grant(app, a, { telnet: 200 });
    await grant(app, b, { telnet: 200 });
    await a.request('POST', gridPaths.setColor, { colorR: 1, colorG: 2, colorB: 3 });
    await b.request('POST', gridPaths.setColor, { colorR: 4, colorG: 5, colorB: 6 });
    for (const bit of [
      { x: 5, y: 6 },
      { x: 700, y: 10 },
    ])
      expect((await act(a, gridPaths.purchase, bit)).statusCode).toBe(200);
    expect((await act(b, gridPaths.purchase, { x: 9, y: 9 })).statusCode).toBe(200);
    expect((await a.request('GET', gridPaths.mine)).json()).toEqual({
      count: 2,
      bits: [
        { x: 700, y: 10 },
        { x: 5, y: 6 },
      ],
    });
    expect((await b.request('GET', gridPaths.mine)).json()).toEqual({ count: 1, bits: [{ x: 9, y: 9 }] });
  });

  it('needs a session', async () => {
    expect((await app.fastify.inject({ method: 'GET', url: gridPaths.mine })).statusCode).toBe(401);
  });
});
