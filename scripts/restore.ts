import { resolve } from 'node:path';
import { restoreBackup } from './backup-files';

// DATA_DIR=<fresh folder> npm run restore -- <backup file>: the other half of npm run backup (ADR 070).
const file = process.argv[2];
if (!file) {
  console.error('Usage: DATA_DIR=<a fresh folder> npm run restore -- <backup .tar.gz>');
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? './data';
restoreBackup(file, dataDir)
  .then((target) =>
    console.log(`Restored ${resolve(file)} into ${target}. Start the server with DATA_DIR=${resolve(dataDir)}.`),
  )
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
