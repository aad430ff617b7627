import { loadConfig } from '../src/server/config';
import { createDb, type Database } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { defaultRedisChannel } from '../src/server/realtime/bus-signing';
import type { OperatorRedis } from '../src/server/realtime/operator-bus';

/**
 * What every operator script opens: the deployment's database (migrated), its Redis bus settings
 * (same URL, channel and secret as the servers, or null), and a console logger. On the embedded
 * database a running server holds the data folder: the script says so and exits 1.
 */
export async function openOperatorSetup(action: string): Promise<{ database: Database; redis: OperatorRedis | null; log: { warn(o: object, m: string): void; info(): void } }> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await createDb(config.database);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message}\nOn the embedded database, stop the server before ${action}, or run with DATABASE_URL.`);
    process.exit(1);
  }
  await migrate(database);
  const redis = config.redisUrl ? { url: config.redisUrl, channel: config.redisChannel ?? defaultRedisChannel(config.database), secret: config.sessionSecret } : null;
  return { database, redis, log: { warn: (o: object, m: string) => console.warn(m, o), info: () => {} } };
}
