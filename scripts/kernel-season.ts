import { parseArgs } from 'node:util';
import { endSeasonAsOperator } from '../src/server/features/kernel/season-command';
import { openOperatorDatabase } from './operator-database';

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

const { database, redis, log } = await openOperatorDatabase('ending a season');
try {
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
