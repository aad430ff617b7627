import { loadConfig, type Config } from '../src/server/config';
import { createDb, type Database } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';

/**
 * Opens and migrates the deployment's database for an operator script (the server's environment:
 * DATABASE_URL, else the embedded database under DATA_DIR). The embedded one is one process's: while the
 * server holds it, this exits 1 saying so, with `doing` ('granting', 'banning') in the message.
 */
export async function openOperatorDatabase(doing: string): Promise<{ config: Config; database: Database }> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await createDb(config.database);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `${error.message}\nOn the embedded database, stop the server before ${doing}, or run with DATABASE_URL.`,
    );
    process.exit(1);
  }
  await migrate(database);
  return { config, database };
}
