import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { Database } from './connect';

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * Applies the committed migrations. On PostgreSQL an advisory lock keeps several instances
 * starting at once from migrating together; a database that has migrations this build does not
 * know is refused, since this code would misread it.
 */
export async function migrate(database: Database): Promise<void> {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
  if (database.kind === 'postgres') {
    await database.query('SELECT pg_advisory_lock(7353001)');
    try {
      await migratePostgres(database.db as never, { migrationsFolder });
    } finally {
      await database.query('SELECT pg_advisory_unlock(7353001)');
    }
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
  const [row] = await database.query<{ n: number | string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
  if (Number(row?.n ?? 0) > journal.entries.length) {
    throw new Error(
      'The database was migrated by a newer Bitbreach than this one; upgrade the server before starting it.',
    );
  }
}
