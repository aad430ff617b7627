/**
 * First load (BENCH_ONLY=firstload): what a new player's browser downloads and how fast the
 * page gets usable. Prints every JS/CSS chunk (raw, gzip, brotli as the server sends them), the
 * login screen's initial JavaScript (entry + static imports; budget 80 KB gzipped) and the
 * Mainframe's (plus the game chunk), then Lighthouse's mobile performance and accessibility scores
 * for the login screen and the Mainframe (signed in by the session cookie), with FCP/LCP/TBT/CLS.
 *
 * Lighthouse runs its default mobile profile (Moto G Power emulation, simulated slow 4G and 4x CPU
 * slowdown) in Debian's Chromium (/usr/bin/chromium, never a downloaded browser) against the built
 * client served by the real server on PGlite in this process.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  allChunks,
  initialJs,
  mainframeJs,
  loginInitialJsBudgetBytes,
  total,
  type ChunkSize,
} from '../scripts/bundle-sizes';
import { buildApp } from '../src/server/app';
import { createDb } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { testConfig } from '../tests/support/config';

const dist = resolve('dist/client');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export interface PageScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits under 0.9 (what to fix next). */
  failing: string[];
}

export interface FirstLoadResult {
  chunks: ChunkSize[];
  loginInitial: Omit<ChunkSize, 'file'> & { files: string[]; budget: number };
  mainframeInitial: Omit<ChunkSize, 'file'> & { files: string[] };
  lighthouse: PageScores[];
  loadAverage: string;
}

function printChunks(chunks: readonly ChunkSize[]): void {
  console.log('\nBundle (dist/client/assets, as sent):');
  console.log(`  ${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const c of chunks)
    console.log(
      `  ${c.file.replace('assets/', '').padEnd(48)} ${kb(c.raw).padStart(10)} ${kb(c.gzip).padStart(10)} ${kb(c.brotli).padStart(10)}`,
    );
}

async function audit(
  url: string,
  port: number,
  extraHeaders: Record<string, string> | undefined,
  name: string,
): Promise<PageScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    formFactor: 'mobile',
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_LHR_DIR=<dir> keeps the full reports (open in Lighthouse's viewer) to see what to fix.
  if (process.env.BENCH_LHR_DIR)
    writeFileSync(resolve(process.env.BENCH_LHR_DIR, `lighthouse-${name}.json`), JSON.stringify(lhr));
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        typeof a.score === 'number' &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual',
    )
    .map((a) => `${a.id} (${a.score})`);
  return {
    page: name,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    speedIndexMs: numeric('speed-index'),
    failing,
  };
}

/** Lighthouse varies run to run: each page is audited this many times and the median run is reported. */
const runsPerPage = Number(process.env.BENCH_LH_RUNS ?? 3);

/** The run with the median performance score (its own metrics, so the row is one real run). */
function medianRun(runs: readonly PageScores[]): PageScores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export async function benchFirstLoad(): Promise<FirstLoadResult> {
  // The client as `npm start` serves it (built only if its sources changed).
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], { stdio: 'inherit' });
  const chunks = allChunks(dist);
  printChunks(chunks);
  const login = initialJs(dist);
  const mainframe = mainframeJs(dist);
  const loginInitial = { ...total(login), files: login.map((c) => c.file), budget: loginInitialJsBudgetBytes };
  const mainframeInitial = { ...total(mainframe), files: mainframe.map((c) => c.file) };
  console.log(
    `\nLogin screen initial JS: ${kb(loginInitial.gzip)} gzip, ${kb(loginInitial.brotli)} brotli, ` +
      `${kb(loginInitial.raw)} raw (budget ${kb(loginInitialJsBudgetBytes)} gzip) — ${loginInitial.files.join(', ')}`,
  );
  console.log(
    `Mainframe JS (login's + the game chunk): ${kb(mainframeInitial.gzip)} gzip, ${kb(mainframeInitial.brotli)} brotli, ${kb(mainframeInitial.raw)} raw`,
  );

  const database = await createDb({ kind: 'pglite', dataDir: null });
  await migrate(database);
  const app = await buildApp({
    config: testConfig({ staticDir: dist, accountsPerIp: 0, logLevel: 'silent' }),
    database,
  });
  const url = (await app.fastify.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const scores: PageScores[] = [];
  try {
    const reg = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'firstload', username: 'firstload', password: 'Passw0rd!' }),
    });
    const session = /bb_session=([^;]+)/.exec(reg.headers.get('set-cookie') ?? '')?.[1];
    if (!reg.ok || !session) throw new Error(`register failed: ${reg.status}`);
    const signedIn = { Cookie: `bb_session=${session}` };
    const pages = [
      { name: 'login', path: '/', headers: undefined },
      { name: 'mainframe', path: '/', headers: signedIn },
      { name: 'inventory', path: '/inventory', headers: signedIn },
      { name: 'kernel', path: '/kernel', headers: signedIn },
    ];
    for (const page of pages) {
      const runs: PageScores[] = [];
      for (let run = 1; run <= runsPerPage; run++) {
        console.error(`Lighthouse: ${page.name}, run ${run} of ${runsPerPage}...`);
        runs.push(await audit(`${url}${page.path}`, chrome.port, page.headers, page.name));
      }
      scores.push(medianRun(runs));
    }
  } finally {
    chrome.kill();
    await app.close();
    await database.close();
  }
  console.log(
    `\nLighthouse (mobile, simulated slow 4G + 4x CPU; median of ${runsPerPage} runs; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  for (const s of scores) {
    console.log(
      `  ${s.page.padEnd(10)} performance ${s.performance}  accessibility ${s.accessibility}  best practices ` +
        `${s.bestPractices}  FCP ${s.fcpMs} ms  LCP ${s.lcpMs} ms  TBT ${s.tbtMs} ms  CLS ${s.cls}  SI ${s.speedIndexMs} ms`,
    );
    if (s.failing.length) console.log(`    below 0.9: ${s.failing.join(', ')}`);
  }
  const result: FirstLoadResult = {
    chunks,
    loginInitial,
    mainframeInitial,
    lighthouse: scores,
    loadAverage: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}latest.firstload.json`,
    `${JSON.stringify({ startedAt: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
  return result;
}
