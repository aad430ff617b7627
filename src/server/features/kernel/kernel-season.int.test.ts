import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths, seasonImagePath, seasonPaths } from '../../../core/api/kernel';
import { bitPrice } from '../../../core/rules/kernel';
import { decodeSnapshot } from '../../../core/rules/kernel-snapshot';
import { asPlayer, expectError, type Player } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { listeningTestApp, type ListeningTestApp } from '../../../../tests/support/listening-app';
import { act, grant } from '../../../../tests/support/items';
import { pngPixels } from '../../../../tests/support/png';
import { endSeasonAsOperator } from './season-command';

const day = 86_400_000;

describe.each(drivers)('Kernel seasons [%s]', (driver) => {
  let app: ListeningTestApp;
  let painter: Player;
  let other: Player;
  beforeAll(async () => {
    app = await listeningTestApp(driver);
    // The season began on the app's clock (the migration stamps the real time).
    await app.db.database.query('UPDATE kernel_state SET season_started_at = $1', [
      new Date(app.clock.now).toISOString(),
    ]);
    [painter, other] = [await asPlayer(app), await asPlayer(app)];
    for (const [p, rgb] of [
      [painter, [200, 10, 20]],
      [other, [5, 250, 5]],
    ] as const) {
      await grant(app, p, { telnet: 500 });
      await p.request('POST', gridPaths.setColor, { colorR: rgb[0], colorG: rgb[1], colorB: rgb[2] });
    }
  });
  afterAll(() => app.close());

  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => app.db.database.query<T>(sql, params);
  const seasonJobs = () =>
    q<{ dedupe_key: string; status: string }>(
      "SELECT dedupe_key, status FROM jobs WHERE kind = 'kernel.seasonEnd' ORDER BY id",
    );

  it('after 14 days the jobs runner archives the season (image, numbers, top painters), frees every bit, and tells every screen', async () => {
    const bits = [
      [400, 400],
      [401, 400],
      [402, 400],
      [10, 790],
    ] as const;
    for (const [x, y] of bits.slice(0, 3))
      expect((await act(painter, gridPaths.purchase, { x, y })).statusCode).toBe(200);
    expect((await act(other, gridPaths.purchase, { x: 10, y: 790 })).statusCode).toBe(200);
    // The season's first bit scheduled its end at its latest time.
    expect(await seasonJobs()).toEqual([{ dedupe_key: 'season-1-time', status: 'pending' }]);
    const current = (await painter.request('GET', seasonPaths.current)).json();
    expect(current).toMatchObject({ season: 1, ownedBits: 4, totalBits: 640_000, fullBits: 576_000 });
    const before = (await painter.request('GET', gridPaths.snapshot)).headers.etag;
    const socket = await app.socket(other.cookie);

    app.clock.advance(14 * day - 1);
    await app.jobs.runDue();
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM kernel_bits'))[0]!.n).toBe(4);
    app.clock.advance(1);
    await app.jobs.runDue();

    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM kernel_bits'))[0]!.n).toBe(0);
    const event = await socket.next('kernel.seasonChanged', () => true, 10_000);
    expect(event.d).toMatchObject({ ended: 1, season: 2 });
    const list = (await painter.request('GET', seasonPaths.list)).json();
    expect(list).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(list.seasons[0]).toMatchObject({
      season: 1,
      endReason: 'time',
      bitsSold: 4,
      telnetBurned: bits.reduce((sum, [x, y]) => sum + bitPrice(x, y), 0),
      topPainters: [
        { userId: painter.id, username: painter.username, bits: 3 },
        { userId: other.id, username: other.username, bits: 1 },
      ],
    });
    const image = await painter.request('GET', seasonImagePath(1));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    const png = image.rawPayload;
    expect(pngPixels(png)(401, 400)).toEqual([200, 10, 20]);
    expect(pngPixels(png)(10, 790)).toEqual([5, 250, 5]);
    expect(pngPixels(png)(0, 0)).toEqual([5, 7, 10]);

    // The canvas is empty again: a new snapshot, a catch-up from the old version says reload, the bit is free.
    const after = await painter.request('GET', gridPaths.snapshot, undefined, { 'if-none-match': before! });
    expect(after.statusCode).toBe(200);
    const grid = decodeSnapshot(new Uint8Array(after.rawPayload));
    expect(grid.owned.every((o) => o === 0)).toBe(true);
    expect(grid.version).toBe(event.d.startVersion);
    expect(
      (await painter.request('GET', `${gridPaths.changes}?since=${event.d.startVersion - 1}`)).json(),
    ).toMatchObject({ resync: true, changes: [] });
    expect((await painter.request('GET', seasonPaths.current)).json()).toMatchObject({
      season: 2,
      ownedBits: 0,
      startVersion: event.d.startVersion,
    });
    const again = await act(other, gridPaths.purchase, { x: 400, y: 400 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().version).toBe(event.d.startVersion + 1);
  });

  it('a second job for an ended season does nothing: one archive, the new season untouched', async () => {
    await q(
      "INSERT INTO jobs (kind, dedupe_key, payload, run_at, max_attempts) VALUES ('kernel.seasonEnd', 'season-1-again', '{\"season\":1}', $1, 5)",
      [new Date(app.clock.now).toISOString()],
    );
    const ran = await app.jobs.runDue();
    expect(ran.map((r) => r.outcome)).toEqual(['done']);
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM kernel_seasons'))[0]!.n).toBe(1);
    expect((await q<{ season: number }>('SELECT season FROM kernel_state'))[0]!.season).toBe(2);
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM kernel_bits'))[0]!.n).toBe(1);
  });

  it('a canvas 90 % full ends its season at once, through the jobs runner, with every bit archived', async () => {
    // 575,999 bits straight into the table (rows 1–719 and most of row 720), then one real purchase fills it.
    const [{ version: v0 } = { version: 0 }] = await q<{ version: number }>('SELECT version FROM kernel_state');
    await q('DELETE FROM kernel_bits');
    await q(
      `INSERT INTO kernel_bits (x, y, owner_id, color_r, color_g, color_b, price, version, claimed_at)
       SELECT i % 800, 1 + i / 800, $1, 9, 9, 9, 1, $2 + 1 + i, $3 FROM generate_series(0, 575998) AS i`,
      [painter.id, v0, new Date(app.clock.now).toISOString()],
    );
    await q('UPDATE kernel_state SET version = $1, season_start_version = $2', [v0 + 575_999, v0]);
    await grant(app, other, { telnet: 50 });
    expect((await act(other, gridPaths.purchase, { x: 0, y: 0 })).statusCode).toBe(200);
    // Season 2's first bit (the test above) scheduled its latest end; this purchase made the end due now.
    expect((await seasonJobs()).filter((j) => j.status === 'pending').map((j) => j.dedupe_key)).toEqual([
      'season-2-time',
      'season-2-full',
    ]);
    await app.jobs.runDue();
    const [archived] = await q<{ season: number; end_reason: string; bits_sold: number }>(
      'SELECT season, end_reason, bits_sold FROM kernel_seasons WHERE season = 2',
    );
    expect(archived).toEqual({ season: 2, end_reason: 'full', bits_sold: 576_000 });
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM kernel_bits'))[0]!.n).toBe(0);
    const png = (await painter.request('GET', seasonImagePath(2))).rawPayload;
    expect(pngPixels(png)(0, 0)).toEqual([5, 250, 5]);
    expect(pngPixels(png)(799, 700)).toEqual([9, 9, 9]);
    expect(pngPixels(png)(799, 799)).toEqual([5, 7, 10]);
  }, 300_000); // 576,000 rows on PGlite: two minutes on a machine shared with other work

  it(
    'npm run kernel-season -- --now ends the season through the same service, ' +
      "recorded as the operator's, and the server (told nothing) serves the empty canvas",
    async () => {
      expect((await act(other, gridPaths.purchase, { x: 3, y: 3 })).statusCode).toBe(200);
      const before = decodeSnapshot(new Uint8Array((await painter.request('GET', gridPaths.snapshot)).rawPayload));
      expect(before.owned.filter((o) => o !== 0)).toHaveLength(1);
      const log = { warn() {}, info() {} };
      const [{ season } = { season: 0 }] = await q<{ season: number }>('SELECT season FROM kernel_state');
      const change = await endSeasonAsOperator({
        database: app.db.database,
        redis: null,
        log,
        now: () => app.clock.now,
      });
      expect(change).toMatchObject({ ended: season, season: season + 1, screensToldAtOnce: false });
      expect(await q('SELECT end_reason FROM kernel_seasons WHERE season = $1', [season])).toEqual([
        { end_reason: 'operator' },
      ]);
      // No bus message reached this app: its next read finds the new season in the database.
      const after = decodeSnapshot(new Uint8Array((await painter.request('GET', gridPaths.snapshot)).rawPayload));
      expect(after.owned.every((o) => o === 0)).toBe(true);
      expect(after.version).toBe(change!.startVersion);
    },
  );

  it('refuses a bad page or season number with a 400 and an unknown season with a 404', async () => {
    for (const bad of ['?page=0', '?page=x', '?page=', '?page=1&x=1'])
      expectError(await painter.request('GET', `${seasonPaths.list}${bad}`), 400);
    expectError(await painter.request('GET', '/api/kernel/seasons/abc/image.png'), 400);
    expectError(await painter.request('GET', '/api/kernel/seasons/0/image.png'), 400);
    expectError(await painter.request('GET', seasonImagePath(99)), 404);
  });
});
