import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './connect';
import { rowsOf } from './rows';

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

const migrationLock = 7353001;

/**
 * Applies the committed migrations, in drizzle's table of applied migrations. A database that has
 * migrations this build does not know is refused, since this code would misread it.
 *
 * It is drizzle's migrator with its lock moved inside: one transaction takes a transaction-scoped
 * advisory lock, reads what is applied, applies what is missing and commits, so several instances
 * starting at once on PostgreSQL migrate one after the other and the later ones find nothing to do.
 * The lock used to be a session lock taken and released as two statements on the pool, where the
 * release could reach another connection and leave the lock held for good (ADR 085).
 */
export async function migrate(database: Database): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const applied = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${migrationLock})`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    const [last] = rowsOf<{ created_at: string | number }>(
      await tx.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`),
    );
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
    }
    const [row] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`),
    );
    return Number(row?.n ?? 0);
  });
  if (applied > migrations.length) {
    throw new Error(
      'The database was migrated by a newer Bitbreach than this one; upgrade the server before starting it.',
    );
  }
}
