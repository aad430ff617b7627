import { loadConfig } from '../src/server/config';
import { takeBackup } from './backup-files';

// npm run backup [-- <file>]: a consistent copy of the embedded database, server running or not (ADR 070).
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (config.database.kind === 'postgres') {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump (and WAL archiving for point-in-time recovery), see docs/operations.md.',
  );
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = process.argv[2] ?? `backups/bitbreach-${stamp}.tar.gz`;
takeBackup(config, out)
  .then(({ file, bytes, from }) => {
    console.log(`Backed up the embedded database (${(bytes / 1e6).toFixed(1)} MB, from the ${from}) to ${file}`);
    console.log('To restore it: stop the server, then');
    console.log(`  DATA_DIR=<a fresh folder> npm run restore -- ${file}`);
    console.log('  DATA_DIR=<that folder> SESSION_SECRET=<the old one, or players sign in again> npm start');
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
