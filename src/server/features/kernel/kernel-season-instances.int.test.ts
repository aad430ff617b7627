import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths, seasonImagePath } from '../../../core/api/kernel';
import { decodeSnapshot } from '../../../core/rules/kernel-snapshot';
import { asPlayer, type Player } from '../../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { holdTransaction, untilLockWaiters } from '../../../../tests/support/locks';
import { pngPixels } from '../../../../tests/support/png';
import { openSocket, type TestSocket } from '../../../../tests/support/socket';
import { createGrantService } from '../grant/service';
import { runTransaction } from '../../idempotency';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const day = 86_400_000;
const buyers = 12;

// Two instances' job runners and real concurrency: PostgreSQL only (PGlite runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'Kernel season change on two instances sharing PostgreSQL and Redis [postgres]',
  () => {
    let run: Instances;
    let players: Player[];
    const sockets: TestSocket[] = [];
    const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      run.db.database.query<T>(sql, params);
    const purchase = (i: number, x: number, y: number) =>
      run.apps[i % 2]!.fastify.inject({
        method: 'POST',
        url: gridPaths.purchase,
        headers: { cookie: players[i]!.cookie, 'x-csrf-token': players[i]!.csrfToken, 'idempotency-key': randomUUID() },
        payload: { x, y },
      });

    beforeAll(async () => {
      run = await startInstances(2, redisUrl);
      // The season began 15 days ago, so its end is due as soon as its first bit schedules it.
      await q('UPDATE kernel_state SET season_started_at = $1', [new Date(Date.now() - 15 * day).toISOString()]);
      players = [];
      const grants = createGrantService({ database: run.db.database });
      for (let i = 0; i < buyers; i++) {
        const p = await asPlayer(run.apps[i % 2]!);
        await grants.grant({ loginId: p.loginId, telnet: 200 });
        await via(run.apps[0]!, p, 'POST', gridPaths.setColor, { colorR: 10 + i, colorG: 100, colorB: 200 });
        players.push(p);
      }
    }, 120_000);
    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()));
      await run?.close();
    });

    it('two runners racing two due jobs of one season change it exactly once, and both instances serve the empty canvas', async () => {
      expect((await purchase(0, 300, 300)).statusCode).toBe(200);
      // A second trigger for the same season (as if it were also full): each runner can claim one.
      await q(
        "INSERT INTO jobs (kind, dedupe_key, payload, run_at, max_attempts) VALUES ('kernel.seasonEnd', 'season-1-full', '{\"season\":1}', now(), 5)",
      );
      const onB = await openSocket(run.urls[1]!, players[1]!.cookie);
      sockets.push(onB);
      const before = decodeSnapshot(
        new Uint8Array((await via(run.apps[1]!, players[1]!, 'GET', gridPaths.snapshot)).rawPayload),
      );
      expect(before.owned.some((o) => o !== 0)).toBe(true);

      // A purchase-like holder of kernel_state keeps both instances' season changes waiting, then lets them race:
      // first the service itself in two transactions (one per instance), then both runners with the two due jobs.
      const holder = await holdTransaction(run.db.database, (tx) =>
        tx.execute(sql`SELECT 1 FROM kernel_state FOR NO KEY UPDATE`),
      );
      const direct = Promise.all(
        run.apps.map((app) =>
          runTransaction(run.db.database, (tx, afterCommit) =>
            app.services.kernel.seasons.endSeason(tx, { season: 1, nowMs: Date.now() }, afterCommit),
          ),
        ),
      );
      // The direct calls queue first, so PostgreSQL's row-lock queue hands the row to one of them; a runner
      // that queued ahead would change the season itself and leave both direct calls nothing to do.
      await untilLockWaiters(run.db.database, 2);
      const running = Promise.all(run.apps.map((app) => app.jobs.runDue()));
      await untilLockWaiters(run.db.database, 3);
      await holder.release();
      const changed = (await direct).filter((c) => c !== null);
      expect(changed).toHaveLength(1);
      const ran = (await running).flat();
      expect(ran.filter((r) => r.kind === 'kernel.seasonEnd').map((r) => r.outcome)).toEqual(['done', 'done']);
      expect(await q('SELECT season, bits_sold FROM kernel_seasons')).toEqual([{ season: 1, bits_sold: 1 }]);
      expect(await q('SELECT season FROM kernel_state')).toEqual([{ season: 2 }]);
      const event = await onB.next('kernel.seasonChanged', () => true, 10_000);
      expect(event.d).toMatchObject({ ended: 1, season: 2 });
      for (const [i, app] of run.apps.entries()) {
        const grid = decodeSnapshot(
          new Uint8Array((await via(app, players[i]!, 'GET', gridPaths.snapshot)).rawPayload),
        );
        expect(grid.owned.every((o) => o === 0)).toBe(true);
        expect(grid.version).toBe(event.d.startVersion);
      }
    });

    it('a purchase in flight when the season change starts lands in the archived season, whose change waits for it', async () => {
      await q('UPDATE kernel_state SET season_started_at = $1', [new Date(Date.now() - 15 * day).toISOString()]);
      expect((await purchase(0, 1, 1)).statusCode).toBe(200);
      // A purchase's own writes, held uncommitted: its version taken (the kernel_state row lock) and its bit inserted.
      const buyer = players[3]!;
      const inFlight = await holdTransaction(run.db.database, async (tx) => {
        const [row] = (await tx.execute(
          sql`UPDATE kernel_state SET version = version + 1 RETURNING version`,
        )) as unknown as { version: number }[];
        await tx.execute(
          sql`INSERT INTO kernel_bits (x, y, owner_id, color_r, color_g, color_b, price, version,
            claimed_at) VALUES (7, 7, ${buyer.id}, 13, 100, 200, 1, ${row!.version}, now())`,
        );
      });
      const changing = run.apps[0]!.jobs.runDue();
      await untilLockWaiters(run.db.database, 1);
      await inFlight.release({ commit: true });
      await changing;
      const [archived] = await q<{ season: number; bits_sold: number }>(
        'SELECT season, bits_sold FROM kernel_seasons ORDER BY season DESC LIMIT 1',
      );
      expect(archived).toEqual({ season: 2, bits_sold: 2 });
      expect(pngPixels((await via(run.apps[0]!, buyer, 'GET', seasonImagePath(2))).rawPayload)(7, 7)).toEqual([
        13, 100, 200,
      ]);
      expect(await q('SELECT x, y FROM kernel_bits')).toEqual([]);
    });

    it('purchases racing a season change each end with their bit in the archived season or the new one, never Telnet lost without a bit', async () => {
      // Season 2 began now; move it back so its end is due, and give it bits to archive.
      await q('UPDATE kernel_state SET season_started_at = $1', [new Date(Date.now() - 15 * day).toISOString()]);
      expect((await purchase(0, 0, 0)).statusCode).toBe(200);
      const racing = Promise.all(players.map((_, i) => purchase(i, 500 + i, 100)));
      const changes = Promise.all(run.apps.map((app) => app.jobs.runDue()));
      const [answers] = await Promise.all([racing, changes]);
      expect(answers.map((a) => a.statusCode)).toEqual(players.map(() => 200));
      expect(await q('SELECT season FROM kernel_state')).toEqual([{ season: 4 }]);

      const [archived] = await q<{ bits_sold: number; telnet_burned: string }>(
        'SELECT bits_sold, telnet_burned FROM kernel_seasons WHERE season = 3',
      );
      const image = pngPixels((await via(run.apps[0]!, players[0]!, 'GET', seasonImagePath(3))).rawPayload);
      const live = await q<{ x: number; y: number; owner_id: number }>('SELECT x, y, owner_id FROM kernel_bits');
      let inArchive = 0;
      for (const [i, p] of players.entries()) {
        const inNew = live.some((b) => b.x === 500 + i && b.y === 100 && b.owner_id === p.id);
        const old = image(500 + i, 100)[0] === 10 + i;
        expect(inNew !== old, `bit of buyer ${i}: exactly one season holds it`).toBe(true);
        if (old) inArchive += 1;
      }
      expect(archived!.bits_sold).toBe(inArchive + 1);
      // Every kernel-bit debit since season 3 began is a bit of season 3's archive or of season 4.
      const [paid] = await q<{ n: number; telnet: string }>(
        "SELECT count(*)::int AS n, -sum(delta) AS telnet FROM telnet_ledger WHERE reason = 'kernel-bit' AND reference NOT IN ('bit:300,300', 'bit:1,1')",
      );
      const [held] = await q<{ n: number; telnet: string | null }>(
        'SELECT count(*)::int AS n, sum(price) AS telnet FROM kernel_bits',
      );
      expect(paid!.n).toBe(archived!.bits_sold + held!.n);
      expect(Number(paid!.telnet)).toBe(Number(archived!.telnet_burned) + Number(held!.telnet ?? 0));
    });
  },
);
