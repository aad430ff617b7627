import { parseArgs } from 'node:util';
import { formatEconomyReport, readEconomyReport } from '../src/server/wallet/economy-report';
import { openOperatorDatabase } from './operator-database';

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
  parsed = parseArgs({
    options: { days: { type: 'string', default: '14' }, json: { type: 'boolean', default: false } },
  });
} catch (error) {
  fail((error as Error).message);
}
const { values } = parsed!;
const days = Number(values.days);
if (!/^\d+$/.test(values.days!) || days < 1 || days > 366) fail('--days must be a whole number from 1 to 366');

const { database } = await openOperatorDatabase('reading the ledger');
try {
  const report = await readEconomyReport(database, { days, nowMs: Date.now() });
  console.log(values.json ? JSON.stringify(report, null, 2) : formatEconomyReport(report));
} finally {
  await database.close();
}
