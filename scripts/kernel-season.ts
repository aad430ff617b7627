import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { endSeasonAsOperator } from '../src/server/features/kernel/season-command';
import { defaultRedisChannel } from '../src/server/realtime/bus-signing';

// Operator tool (ADR 053): `npm run kernel-season -- --now` ends the current Kernel season at once,
// through the same service as the jobs runner (archive, freed bits, new season), and prints one JSON
// line. The archive row records it with end_reason 'operator'. On the embedded database, stop the server first.
const usage = 'usage: npm run kernel-season -- --now';
let parsed;
try {
  parsed = parseArgs({ options: { now: { type: 'boolean' } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!parsed.values.now) {
  console.error(`say --now to end the current season now\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
let database;
try {
  database = await createDb(config.database);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`${error.message}\nOn the embedded database, stop the server first, or run with DATABASE_URL.`);
  process.exit(1);
}
try {
  await migrate(database);
  const redis = config.redisUrl
    ? { url: config.redisUrl, channel: config.redisChannel ?? defaultRedisChannel(config.database), secret: config.sessionSecret }
    : null;
  const log = { warn: (o: object, m: string) => console.warn(m, o), info: () => {} };
  const change = await endSeasonAsOperator({ database, redis, log });
  if (!change) {
    console.error('the season changed meanwhile; nothing was done');
    process.exitCode = 1;
  } else {
    console.log(JSON.stringify({ seasonEnded: change }));
  }
} finally {
  await database.close();
}
