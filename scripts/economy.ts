import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { formatEconomyReport, readEconomyReport } from '../src/server/wallet/economy-report';

// Operator tool (ADR 051): `npm run economy -- [--days N] [--json]`. Telnet minted, burned and moved by
// ledger reason per UTC day, top earners and players flagged as machine-like, from the real ledger
// (DATABASE_URL for PostgreSQL; otherwise the embedded database under DATA_DIR, with the server stopped).
const usage = 'usage: npm run economy -- [--days N (1–366, default 14)] [--json]';
const fail = (message: string): never => {
  console.error(`${message}\n${usage}`);
  process.exit(2);
};

let parsed;
try {
  parsed = parseArgs({ options: { days: { type: 'string', default: '14' }, json: { type: 'boolean', default: false } } });
} catch (error) {
  fail((error as Error).message);
}
const { values } = parsed!;
const days = Number(values.days);
if (!/^\d+$/.test(values.days!) || days < 1 || days > 366) fail('--days must be a whole number from 1 to 366');

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
  const report = await readEconomyReport(database, { days, nowMs: Date.now() });
  console.log(values.json ? JSON.stringify(report, null, 2) : formatEconomyReport(report));
} finally {
  await database.close();
}
