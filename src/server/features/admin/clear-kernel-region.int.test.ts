import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleActionPaths } from '../../../core/api/admin-actions';
import { gridPaths } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { decodeSnapshot } from '../../../core/rules/kernel-snapshot';
import { consoleTexts } from '../../../core/texts/console';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { asOperator, auditRowsOf } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { act } from '../../../../tests/support/items';
import type { App } from '../../app';
import type { Database } from '../../db/connect';
import { createGrantService } from '../grant/service';
import { runRoleCommand } from './role-command';
import { openSocket } from '../../../../tests/support/socket';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
type Send = (
  p: Player,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => Promise<{ statusCode: number; body: string; json(): any }>;

/** A player with Telnet and a Kernel colour, ready to buy bits. */
async function painter(p: Player, send: Send, database: Database): Promise<Player> {
  await createGrantService({ database }).grant({ loginId: p.loginId, telnet: 500 });
  expect((await send(p, 'POST', gridPaths.setColor, { colorR: 200, colorG: 10, colorB: 10 })).statusCode).toBe(200);
  return p;
}

const owned = (state: { squares: { x: number; y: number; ownerId: number }[] }) =>
  state.squares.map((s) => `${s.x},${s.y}:${s.ownerId}`).sort();

describe.each(drivers)('a moderator clears a Kernel region [%s]', (driver) => {
  let app: TestApp;
  let send: Send;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    send = (p, method, url, body) => p.request(method, url, body);
  });
  afterAll(() => app.close());
  const buy = async (p: Player, x: number, y: number) =>
    expect((await act(p, gridPaths.purchase, { x, y })).statusCode).toBe(200);
  const region = async (p: Player, x0: number, y0: number, x1: number, y1: number) =>
    owned((await p.request('GET', `${gridPaths.state}?x0=${x0}&y0=${y0}&x1=${x1}&y1=${y1}`)).json());

  it('frees one griefer’s bits of the region (nobody refunded), keeps everyone else’s, and the snapshot and catch-up show it', async () => {
    const moderator = await asOperator(app, 'moderator');
    const griefer = await painter(await asPlayer(app), send, app.db.database);
    const neighbour = await painter(await asPlayer(app), send, app.db.database);
    for (const [x, y] of [
      [10, 10],
      [11, 10],
      [12, 11],
      [40, 40],
    ])
      await buy(griefer, x!, y!);
    await buy(neighbour, 11, 11);
    const telnetBefore = (await griefer.request('GET', '/api/auth/user')).json().telnet;
    expect(telnetBefore).toBeGreaterThan(0);
    const versionBefore = decodeSnapshot(
      new Uint8Array((await griefer.request('GET', gridPaths.snapshot)).rawPayload),
    ).version;

    const res = await moderator.request('POST', consoleActionPaths.clearKernel, {
      x0: 0,
      y0: 0,
      x1: 20,
      y1: 20,
      ownerUserId: griefer.id,
      reason: 'offensive drawing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ bitsCleared: 3, version: versionBefore + 1 });
    expect(await region(neighbour, 0, 0, 50, 50)).toEqual([`11,11:${neighbour.id}`, `40,40:${griefer.id}`]);
    const grid = decodeSnapshot(new Uint8Array((await neighbour.request('GET', gridPaths.snapshot)).rawPayload));
    expect(grid.version).toBe(versionBefore + 1);
    expect(grid.owned[10 * balance.gridSize + 10]).toBe(0);
    expect(grid.owned[11 * balance.gridSize + 11]).not.toBe(0);
    // A screen behind the clear cannot catch up bit by bit: it reloads.
    expect((await neighbour.request('GET', `${gridPaths.changes}?since=${versionBefore}`)).json()).toMatchObject({
      resync: true,
    });
    expect((await griefer.request('GET', '/api/auth/user')).json().telnet).toBe(telnetBefore);
    expect(await auditRowsOf(app, griefer.id)).toEqual([
      expect.objectContaining({
        action: 'kernel-clear',
        actor_id: moderator.id,
        before: { region: { x0: 0, y0: 0, x1: 20, y1: 20 }, ownerUserId: griefer.id, bitsByOwner: { [griefer.id]: 3 } },
        after: { bitsCleared: 3, version: versionBefore + 1 },
      }),
    ]);
    // The freed bits are for sale again, and the grid goes on from the clear's version.
    await buy(neighbour, 10, 10);
    expect(await region(griefer, 10, 10, 10, 10)).toEqual([`10,10:${neighbour.id}`]);
  });

  it('refuses a moderator an admin’s bits, an oversize or inverted region and bad input, changing nothing and auditing nothing', async () => {
    const moderator = await asOperator(app, 'moderator');
    const admin = await asOperator(app, 'admin');
    await painter(admin, send, app.db.database);
    await buy(admin, 600, 600);
    expectError(
      await moderator.request('POST', consoleActionPaths.clearKernel, {
        x0: 590,
        y0: 590,
        x1: 610,
        y1: 610,
        reason: 'clear it all',
      }),
      403,
      consoleTexts.cannotActOn,
    );
    expectError(
      await moderator.request('POST', consoleActionPaths.clearKernel, {
        x0: 0,
        y0: 0,
        x1: 799,
        y1: 99,
        reason: 'clear it all',
      }),
      400,
      consoleTexts.regionTooLarge(balance.consoleKernelClearMaxBits),
    );
    expectError(
      await moderator.request('POST', consoleActionPaths.clearKernel, {
        x0: 10,
        y0: 10,
        x1: 5,
        y1: 20,
        reason: 'clear it all',
      }),
      400,
      consoleTexts.regionInverted,
    );
    for (const body of [
      { x0: 0, y0: 0, x1: 800, y1: 1, reason: 'off the grid' },
      { x0: -1, y0: 0, x1: 1, y1: 1, reason: 'off the grid' },
      { x0: 0, y0: 0, x1: 1, y1: 1.5, reason: 'half a bit' },
      { x0: 0, y0: 0, x1: 1, y1: 1 },
      { x0: 0, y0: 0, x1: 1, y1: 1, reason: 'fine', ownerUserId: 'me' },
      { x0: 0, y0: 0, x1: 1, y1: 1, reason: 'fine', extra: 1 },
    ]) {
      expect(
        (await moderator.request('POST', consoleActionPaths.clearKernel, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expectError(
      await moderator.request('POST', consoleActionPaths.clearKernel, {
        x0: 0,
        y0: 0,
        x1: 1,
        y1: 1,
        ownerUserId: 2_000_000_000,
        reason: 'nobody',
      }),
      404,
      consoleTexts.noSuchPlayer,
    );
    expect(await region(admin, 600, 600, 600, 600)).toEqual([`600,600:${admin.id}`]);
    expect(await auditRowsOf(app, admin.id)).toEqual([expect.objectContaining({ action: 'role-set' })]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a Kernel clear on two instances sharing PostgreSQL and Redis [postgres]',
  () => {
    let run: Instances;
    beforeAll(async () => {
      run = await startInstances(2, redisUrl);
    }, 60_000);
    afterAll(() => run?.close());

    it('reaches the other instance’s in-memory canvas and its open Kernel screens', async () => {
      const [a, b] = run.apps as [App, App];
      const sendA: Send = (p, method, url, body) => via(a, p, method, url, body) as never;
      const griefer = await painter(await asPlayer(a), sendA, run.db.database);
      const viewer = await asPlayer(b);
      for (const x of [100, 101, 102])
        expect((await act(griefer, gridPaths.purchase, { x, y: 100 })).statusCode).toBe(200);
      const before = decodeSnapshot(new Uint8Array((await via(b, viewer, 'GET', gridPaths.snapshot)).rawPayload));
      expect(before.owned[100 * balance.gridSize + 101]).not.toBe(0);
      const socket = await openSocket(run.urls[1]!, viewer.cookie);
      try {
        const cleared = socket.next('kernel.cleared', () => true, 5000);
        const moderator = await asPlayer(a);
        await runRoleCommand({ database: run.db.database, now: Date.now }, [moderator.loginId, 'moderator']);
        const res = await via(a, moderator, 'POST', consoleActionPaths.clearKernel, {
          x0: 100,
          y0: 100,
          x1: 101,
          y1: 100,
          reason: 'griefing the canvas',
        });
        expect(res.statusCode, res.body).toBe(200);
        expect((await cleared).d.version).toBe(before.version + 1);
      } finally {
        await socket.close();
      }
      const after = decodeSnapshot(new Uint8Array((await via(b, viewer, 'GET', gridPaths.snapshot)).rawPayload));
      expect(after.version).toBe(before.version + 1);
      expect([after.owned[100 * balance.gridSize + 100], after.owned[100 * balance.gridSize + 101]]).toEqual([0, 0]);
      expect(after.owned[100 * balance.gridSize + 102]).not.toBe(0);
    });
  },
);
