import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientBuildState } from './client-staleness';

// `npm start`'s first step: build the client only when its sources changed since the last build,
// so a restart serves at once (ADR 041). --force (npm run build:client) builds regardless.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist', 'client');
// Beside the output, not in it: vite build empties dist/client.
const stampFile = join(root, 'dist', 'client-build.stamp');

const state = clientBuildState(root, outDir, stampFile);
const reason = process.argv.includes('--force') ? '--force' : state.staleBecause;
if (reason === null) {
  console.log('client: up to date (dist/client matches its sources)');
} else {
  console.log(`client: building (${reason})`);
  // Loaded only to build: importing Vite alone costs about a second of a restart.
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${state.hash}\n`);
}
