// A jobs runner in its own process (a server instance, as far as the jobs table can tell), for
// the restart tests: it claims one due 'test.count' job, prints "IN-HANDLER <id>" while the
// handler's transaction is open, and waits there until the test kills it (SIGKILL), so this
// process never commits the job. PostgreSQL (JOB_WORKER_DATABASE_URL) or a PGlite folder (JOB_WORKER_DATA_DIR).
import { createDb } from '../../src/server/db/connect';
import { testRunner } from './jobs';

const url = process.env.JOB_WORKER_DATABASE_URL;
const dataDir = process.env.JOB_WORKER_DATA_DIR;
if (!url && !dataDir) throw new Error('JOB_WORKER_DATABASE_URL or JOB_WORKER_DATA_DIR is required');
const database = url
  ? await createDb({ kind: 'postgres', url, max: 2 })
  : await createDb({ kind: 'pglite', dataDir: dataDir! });
const runner = testRunner(database, Date.now, {
  instance: 'killed',
  hooks: {
    inHandler: (jobId) => console.log(`IN-HANDLER ${jobId}`),
    gate: () => new Promise<void>(() => {}),
  },
});
await runner.runDue();
