import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../../core/api/kernel';
import { bitIndex } from '../../../core/rules/kernel';
import { decodeSnapshot } from '../../../core/rules/kernel-snapshot';
import { asPlayer, type Player } from '../../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { createGrantService } from '../grant/service';
import { openSocket, watchKernel, type TestSocket } from '../../../../tests/support/socket';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'Kernel on two instances sharing PostgreSQL and Redis [postgres]',
  () => {
    let run: Instances;
    let buyer: Player;
    let watcher: Player;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      run = await startInstances(2, redisUrl);
      [buyer, watcher] = [await asPlayer(run.apps[0]!), await asPlayer(run.apps[0]!)];
      await createGrantService({ database: run.db.database }).grant({ loginId: buyer.loginId, telnet: 100 });
      await via(run.apps[0]!, buyer, 'POST', gridPaths.setColor, { colorR: 12, colorG: 34, colorB: 56 });
    });
    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()));
      await run?.close();
    });

    it('a bit bought through A reaches a socket on B within a second, and B serves it in its snapshot', async () => {
      const onB = await openSocket(run.urls[1]!, watcher.cookie);
      sockets.push(onB);
      await watchKernel(onB);
      // B builds its cached frame before the purchase, so the next one must notice the new version.
      const before = await via(run.apps[1]!, watcher, 'GET', gridPaths.snapshot);
      const res = await run.apps[0]!.fastify.inject({
        method: 'POST',
        url: gridPaths.purchase,
        headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrfToken, 'idempotency-key': randomUUID() },
        payload: { x: 77, y: 88 },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Pushed through Redis to the other instance (a bound, not a speed target: the fan-out bench measures how fast).
      const event = await onB.next('grid_update', (e) => e.d.x === 77 && e.d.y === 88, 10_000);
      expect(event.d).toMatchObject({
        colorR: 12,
        colorG: 34,
        colorB: 56,
        ownerUsername: buyer.username,
        version: res.json().version,
      });
      const after = await via(run.apps[1]!, watcher, 'GET', gridPaths.snapshot, undefined);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const grid = decodeSnapshot(new Uint8Array(after.rawPayload));
      expect(grid.owned[bitIndex(77, 88)]).toBe(1);
    });
  },
);
