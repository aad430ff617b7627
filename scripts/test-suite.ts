// `npm test` after the type check and lint runs two streams side by side:
//  - the integration tests, one file at a time: the race tests want real concurrency inside one
//    file, not several files fighting for the cores;
//  - the browser tests, two files at a time (each drives its own server and Chromium and mostly
//    waits on them), then the unit tests. The unit files need no database and race nothing: run
//    after the browser files, they use the core the browser stream leaves idle while the integration
//    files are still running, instead of lengthening the integration stream (ADR 085).
// Run one after the other they took ~25 min of CI; side by side the waits of one fill the other's.
// TEST_STREAMS=serial runs every part one after the other. The exit code is the worst of the parts,
// and their JSON reports are merged into test-results/vitest.json (what .ci/run reads).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const browserFilesAtOnce = process.env.E2E_PARALLEL ?? '2';
const serial = process.env.TEST_STREAMS === 'serial';
const extra = process.argv.slice(2);
const integration = {
  name: 'integration',
  report: 'test-results/vitest-integration.json',
  args: ['--project', 'integration'],
};
const browser = {
  name: 'browser',
  report: 'test-results/vitest-browser.json',
  args: ['--project', 'e2e', '--fileParallelism', `--maxWorkers=${browserFilesAtOnce}`, '--minWorkers=1'],
};
const unit = { name: 'unit', report: 'test-results/vitest-unit.json', args: ['--project', 'unit'] };
/** Each stream runs its parts in order; the streams run side by side. */
const streams = [[integration], [browser, unit]];
const runs = streams.flat();

function runVitest(run: (typeof runs)[number]): Promise<number> {
  rmSync(run.report, { force: true });
  // Side by side, each stream's lines carry its name; the final summaries of both are printed whole.
  const child = spawn(
    'npx',
    ['vitest', 'run', '--passWithNoTests', ...run.args, `--outputFile.json=${run.report}`, ...extra],
    {
      stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    },
  );
  if (!serial) {
    const prefix = (chunk: Buffer) => chunk.toString().replace(/^(?=.)/gm, `[${run.name}] `);
    child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

mkdirSync('test-results', { recursive: true });
async function runInOrder(parts: (typeof runs)[number][]): Promise<number[]> {
  const codes: number[] = [];
  for (const run of parts) codes.push(await runVitest(run));
  return codes;
}

const codes = serial ? await runInOrder(runs) : (await Promise.all(streams.map(runInOrder))).flat();
const status = Math.max(...codes);

interface Report {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults: unknown[];
}
const reports = runs
  .filter((r) => existsSync(r.report))
  .map((r) => JSON.parse(readFileSync(r.report, 'utf8')) as Report);
if (reports.length > 0) {
  const merged = { ...reports[0]! };
  for (const r of reports.slice(1)) {
    merged.numTotalTests += r.numTotalTests;
    merged.numPassedTests += r.numPassedTests;
    merged.numFailedTests += r.numFailedTests;
    merged.numPendingTests += r.numPendingTests;
    merged.numTodoTests += r.numTodoTests;
    merged.success &&= r.success;
    merged.testResults = [...merged.testResults, ...r.testResults];
  }
  writeFileSync('test-results/vitest.json', JSON.stringify(merged));
}
process.exit(status);
