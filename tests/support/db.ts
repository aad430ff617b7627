import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createDb, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { databaseUrl, migratedPgliteImage } from './migrated-templates';

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

/**
 * A migrated, empty database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. Both are
 * copies of the run's migrated database (migrated-templates.ts, ADR 085); `migrated: false` gives one with
 * no tables at all, for a test of the migrations themselves.
 */
export async function freshDatabase(
  kind: DriverKind,
  options: { max?: number; migrated?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (kind === 'pglite') {
    const image = migrated ? await pgliteImage() : undefined;
    const database = await createDb({ kind: 'pglite', dataDir: null, ...(image ? { loadDataDir: image } : {}) });
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `bb_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('migratedPostgresTemplate') : null;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const database = await createDb({ kind: 'postgres', url: databaseUrl(adminUrl, name), max: options.max ?? 10 });
  // Without the run's template (a run whose projects lack its global setup) each database migrates itself.
  if (migrated && !template) await migrate(database);
  return {
    database,
    async dispose() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

let image: Promise<Blob> | undefined;

/** The run's migrated PGlite, read once per test file (or migrated here once, without the global setup). */
function pgliteImage(): Promise<Blob> {
  const file = inject('migratedPgliteImage');
  image ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : migratedPgliteImage();
  return image;
}

/** The connection URL of a fresh PostgreSQL database, for a server process started on it. */
export async function postgresUrlOf(database: Database): Promise<string> {
  const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
  return databaseUrl(process.env.TEST_DATABASE_URL!, row!.name);
}
