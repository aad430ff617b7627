import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, type TestApp } from '../support/app';

// Needs a PostgreSQL server to cut connections on (CI sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL going away and coming back [postgres]', () => {
  let app: TestApp;
  let admin: postgres.Sql;
  beforeAll(async () => {
    app = await buildTestApp('postgres');
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin.end();
    await app.close();
  });

  it('survives every connection being terminated (what a database restart does) and the next request succeeds', async () => {
    const player = await asPlayer(app);
    expect((await player.request('POST', '/api/game/tap-batch', { tapCount: 3, batchTimestamp: 1 })).statusCode).toBe(
      200,
    );
    // Several pooled connections open at once (a busy server): a restart kills them all, and a
    // retry must not give up on the second dead one it meets.
    await Promise.all(Array.from({ length: 6 }, () => app.db.database.query('SELECT pg_sleep(0.05)')));
    const [row] = await app.db.database.query<{ name: string }>('SELECT current_database() AS name');
    const name = row!.name;
    const killed =
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`;
    expect(killed.length).toBeGreaterThan(0);
    // The very next requests, read and write, succeed on fresh connections.
    const me = await player.request('GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    const tap = await player.request('POST', '/api/game/tap-batch', { tapCount: 3, batchTimestamp: 2 });
    expect(tap.statusCode).toBe(200);
    expect(tap.data.user.totalTaps).toBe(6);
  });
});
