import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { asPlayer } from '../../../tests/support/app';
import { testConfig } from '../../../tests/support/config';
import { freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { openSocket, watchPresence, type TestSocket } from '../../../tests/support/socket';
import { closeCodes } from './hub';

// The hub's heartbeat, run every 50 ms instead of every 10 s so its database checks show quickly.
describe('the hub heartbeat [pglite]', () => {
  let db: TestDatabase;
  let app: App;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    db = await freshDatabase('pglite');
    // Short timers, but a heartbeat long enough that a socket of this process answers the hub's ping
    // in time on a loaded machine (PGlite holds the shared event loop while it queries).
    app = await buildApp({
      config: testConfig(),
      database: db.database,
      realtime: { limits: { heartbeatMs: 250, sessionRecheckMs: 250, presenceFlushMs: 50 } },
    });
    url = await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await app.close();
    await db.dispose();
  });

  it('closes the sockets of a session that ended without an event (a ban from the operator script, a bus outage)', async () => {
    const p = await asPlayer(app);
    const s = await openSocket(url, p.cookie);
    sockets.push(s);
    await db.database.query('DELETE FROM sessions WHERE user_id = $1', [p.id]);
    expect((await s.next('session.ended', undefined, 10_000)).d.reason).toBe('expired');
    expect((await s.closed).code).toBe(closeCodes.sessionEnded);
  });

  it('keeps its own presence rows fresh and takes a crashed instance’s players offline', async () => {
    const [watcher, ghost] = [await asPlayer(app), await asPlayer(app)];
    const s = await openSocket(url, watcher.cookie);
    sockets.push(s);
    await watchPresence(s, app.realtime.hub);
    // A row left by an instance that died a minute ago.
    await db.database.query(
      "INSERT INTO presence (instance_id, user_id, seen_at) VALUES ('dead', $1, now() - interval '1 minute')",
      [ghost.id],
    );
    await s.next('presence.changed', (e) => e.d.offline.includes(ghost.id), 10_000);
    expect(await db.database.query("SELECT 1 FROM presence WHERE instance_id = 'dead'")).toEqual([]);
    const [mine] = await db.database.query<{ age: number }>(
      'SELECT extract(epoch FROM now() - seen_at) AS age FROM presence WHERE user_id = $1',
      [watcher.id],
    );
    expect(Number(mine!.age)).toBeLessThan(1);
  });
});
