// `npm test` after the type check and lint runs two streams side by side:
//  - the API suite (unit + integration), one file at a time: the race tests want real concurrency
//    inside one file, not several files fighting for the cores;
//  - the browser tests, two files at a time: each drives its own server and Chromium and mostly
//    waits on them.
// Run one after the other they took ~25 min of CI; side by side the waits of one fill the other's.
// TEST_STREAMS=serial runs them one after the other. The exit code is the worse of the two, and
// their JSON reports are merged into test-results/vitest.json (what .ci/run reads).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const browserFilesAtOnce = process.env.E2E_PARALLEL ?? '2';
const serial = process.env.TEST_STREAMS === 'serial';
const extra = process.argv.slice(2);
const runs = [
  { name: 'api', report: 'test-results/vitest-api.json', args: ['--project', 'unit', '--project', 'integration'] },
  {
    name: 'browser',
    report: 'test-results/vitest-browser.json',
    args: ['--project', 'e2e', '--fileParallelism', `--maxWorkers=${browserFilesAtOnce}`, '--minWorkers=1'],
  },
];

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
let codes: number[];
if (serial) {
  codes = [];
  for (const run of runs) codes.push(await runVitest(run));
} else {
  codes = await Promise.all(runs.map(runVitest));
}
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
