import { loadConfig, type Config } from '../src/server/config';
import { createDb, type Database } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { defaultRedisChannel } from '../src/server/realtime/bus-signing';

/**
 * Opens and migrates the deployment's database for an operator script (the server's environment:
 * DATABASE_URL, else the embedded database under DATA_DIR). The embedded one is one process's: while the
 * server holds it, this exits 1 saying so, with `doing` ('granting', 'banning') in the message.
 */
export async function openOperatorDatabase(doing: string): Promise<OperatorContext> {
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
  return { config, database, redis: operatorRedis(config), log: operatorLog };
}

/**
 * With REDIS_URL (the same REDIS_CHANNEL and SESSION_SECRET as the servers) an operator's change reaches the
 * players' open screens at once; without it they see it at their next read.
 */
function operatorRedis(config: Config) {
  if (!config.redisUrl) return null;
  const channel = config.redisChannel ?? defaultRedisChannel(config.database);
  return { url: config.redisUrl, channel, secret: config.sessionSecret };
}

/** An operator script's log: warnings to the terminal, nothing else. */
const operatorLog = { warn: (o: object, m: string) => console.warn(m, o), info: () => {} };

export interface OperatorContext {
  config: Config;
  database: Database;
  redis: ReturnType<typeof operatorRedis>;
  log: typeof operatorLog;
}
