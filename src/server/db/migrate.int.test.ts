import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { migrate, migrationsFolder } from './migrate';

const poolSize = 10;

// Only PostgreSQL has a pool of connections and instances that start side by side.
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on a pool of connections [postgres]', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase('postgres', { max: poolSize, migrated: false });
  });
  afterAll(() => db.dispose());

  it('two starts at once on a warm pool both finish, apply each migration once and leave no lock behind', async () => {
    const { database } = db;
    // Every connection open and idle, as in a process that has already served requests: statements
    // now go round the pool, so a lock taken by one statement and released by another would be released
    // on the wrong connection and stay held.
    await Promise.all(Array.from({ length: poolSize }, () => database.query('SELECT pg_sleep(0.05)')));

    await Promise.all([migrate(database), migrate(database)]);

    const applied = await database.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
    const committed = readMigrationFiles({ migrationsFolder });
    expect(applied.map((row) => row.hash).sort()).toEqual(committed.map((m) => m.hash).sort());
    const held = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
       WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(held).toEqual([{ n: 0 }]);
    // A later start finds nothing to do and is not kept waiting.
    await migrate(database);
    expect(await database.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([
      { n: committed.length },
    ]);
  });
});

describe.each(drivers)('migrations [%s]', (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase(driver);
  });
  afterAll(() => db.dispose());

  it('a migrated database migrates again to no effect, and one migrated by a newer build is refused', async () => {
    const { database } = db;
    const count = async () =>
      (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))[0]!.n;
    const committed = await count();
    await migrate(database);
    expect(await count()).toBe(committed);
    await database.query(
      "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) SELECT 'from-a-newer-build', max(created_at) + 1 FROM drizzle.__drizzle_migrations",
    );
    await expect(migrate(database)).rejects.toThrow(/migrated by a newer Bitbreach/);
  });
});
