import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDb, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';

export type DriverKind = 'pglite' | 'postgres';

// In CI the PostgreSQL variants must run: without this, a lost TEST_DATABASE_URL would quietly drop
// them and the run would still pass. Every integration test imports this module, so each fails.
if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  throw new Error(
    'CI is set but TEST_DATABASE_URL is not: the PostgreSQL tests would silently not run (.ci/run sets it)',
  );
}

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI does). Name each
 * variant's describe block with `[%s]` (and PostgreSQL-only blocks with `[postgres]`): .ci/run counts
 * the tests that ran on each database by that tag.
 */
export const drivers: DriverKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/** A migrated, empty database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function freshDatabase(kind: DriverKind, options: { max?: number } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await createDb({ kind: 'pglite', dataDir: null });
    await migrate(database);
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `bb_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ kind: 'postgres', url: url.toString(), max: options.max ?? 10 });
  await migrate(database);
  return {
    database,
    async dispose() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The connection URL of a fresh PostgreSQL database, for a server process started on it. */
export async function postgresUrlOf(database: Database): Promise<string> {
  const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}
