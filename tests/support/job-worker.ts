// A jobs runner in its own process on its own pool, for the restart test: it claims one due
// 'test.count' job, prints "IN-HANDLER <id>" while the handler's transaction is open, and waits
// there until the test kills it (SIGKILL), so the job is never committed by this process.
import { createDb } from '../../src/server/db/connect';
import { testRunner } from './jobs';

const url = process.env.JOB_WORKER_DATABASE_URL;
if (!url) throw new Error('JOB_WORKER_DATABASE_URL is required');
const database = await createDb({ kind: 'postgres', url, max: 2 });
const runner = testRunner(database, Date.now, {
  instance: 'killed',
  hooks: {
    inHandler: (jobId) => console.log(`IN-HANDLER ${jobId}`),
    gate: () => new Promise<void>(() => {}),
  },
});
await runner.runDue();
