import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DriverResult, PhaseResult } from './driver-bench';
import type { PgbenchResult } from './pgbench';
import type { MarketResult } from './market-bench';
import type { RealtimeResult } from './realtime-bench';
import { explainRealtimeLimits, printRealtime, realtimeRatios } from './realtime-report';
import { fixed, table } from './format';

export interface BenchResults {
  startedAt: string;
  durationS: number;
  environment: Record<string, unknown>;
  /** Which parts ran (BENCH_ONLY); a part that did not run has no entry below. */
  parts: string[];
  pgbench?: PgbenchResult;
  drivers: DriverResult[];
  realtime?: RealtimeResult;
  market?: MarketResult;
  ratios: Record<string, { value: number; target: string; met: boolean }>;
  limits: string[];
}

const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);

function phases(drivers: DriverResult[]): Array<[DriverResult, PhaseResult]> {
  return drivers.flatMap((d) => [d.constant, d.tapPeak, d.tapHalf].map((p): [DriverResult, PhaseResult] => [d, p]));
}

/** The targets of the issues: tap-batch on each driver, chat fan-out. */
export function computeRatios(
  pgbench: PgbenchResult | undefined,
  drivers: DriverResult[],
  realtime?: RealtimeResult,
): BenchResults['ratios'] {
  const ratios: BenchResults['ratios'] = {};
  for (const d of drivers) {
    if (!pgbench) break;
    const tap = d.tapPeak.okPerS;
    ratios[`${d.label}: tap-batch / constant route`] = {
      value: tap / d.constant.okPerS,
      target: '>= 0.5',
      met: tap / d.constant.okPerS >= 0.5,
    };
    ratios[`${d.label}: tap-batch / pgbench UPDATE tps`] = {
      value: tap / pgbench.tps,
      target: '>= 1.0',
      met: tap / pgbench.tps >= 1,
    };
    ratios[`${d.label}: p99 at half peak (ms)`] = {
      value: d.tapHalf.p99Ms,
      target: '<= 50',
      met: d.tapHalf.p99Ms <= 50,
    };
  }
  // What a second worker process buys on the same machine.
  const one = drivers.find((d) => d.driver === 'postgres' && d.workers === 1);
  const two = drivers.find((d) => d.driver === 'postgres' && d.workers === 2);
  if (one && two) {
    const gain = two.tapPeak.okPerS / one.tapPeak.okPerS;
    ratios['postgres: tap-batch ×2 workers / ×1 worker'] = { value: gain, target: '>= 1.6', met: gain >= 1.6 };
    ratios['postgres: constant route ×2 workers / ×1 worker'] = {
      value: two.constant.okPerS / one.constant.okPerS,
      target: '(no target)',
      met: true,
    };
  }
  return realtime ? { ...ratios, ...realtimeRatios(realtime) } : ratios;
}

/** What held each figure down, read from the CPU, event-loop and transaction counters. */
export function explainLimits(drivers: DriverResult[], cores: number, realtime?: RealtimeResult): string[] {
  const notes: string[] = [];
  for (const d of drivers) {
    const { constant: c, tapPeak: t, tapHalf: h } = d;
    for (const p of [c, t, h]) {
      const where = `${d.label} ${p.name}`;
      if (p.serverEluPct >= 85 || p.serverCpuPct >= 85) {
        notes.push(
          d.workers > 1
            ? `${where}: the ${d.workers} server processes are the bottleneck (event loops ` +
                `${fixed(p.serverEluPct, 0)} % busy on average, ${fixed(p.serverCpuPct, 0)} % of one core in all).`
            : `${where}: the server's single Node process is the bottleneck (event loop ${fixed(p.serverEluPct, 0)} % busy, ${fixed(p.serverCpuPct, 0)} ` +
                `% of one core${p.serverEluPct - p.serverCpuPct >= 15 ? '; busy loop but less CPU means it also waited for a core' : ''}).`,
        );
      }
      if (p.machineBusyPct !== null && p.machineBusyPct >= 85) {
        const pgShare = p.postgresCpuPct === null ? '' : `, PostgreSQL ${fixed(p.postgresCpuPct, 0)} %`;
        notes.push(
          `${where}: the ${cores}-core machine is saturated (${fixed(p.machineBusyPct, 0)} % busy): server ${fixed(p.serverCpuPct, 0)} %, ` +
            `load generator ${fixed(p.loadGeneratorCpuPct, 0)} %${pgShare}, other processes ${fixed(p.otherCpuPct, 0)} % (of ${cores * 100} %).`,
        );
      }
      if (p.otherCpuPct !== null && p.otherCpuPct >= 30) {
        notes.push(
          `${where}: other processes on this machine used ${fixed(p.otherCpuPct, 0)} % of a core ` +
            `during the phase — the figures are disturbed; rerun on a quiet machine to compare.`,
        );
      }
    }
    notes.push(
      `${d.label}: server CPU per request is ${fixed(t.serverCpuUsPerRequest, 0)} µs for ` +
        `tap-batch vs ${fixed(c.serverCpuUsPerRequest, 0)} µs for the constant route; both ` +
        `pay the hooks and a session read at most every 5 s per session (ADR 035), tap-batch ` +
        `adds secureData inflate/deflate-9, zod and its share of the group transaction.`,
    );
    notes.push(
      `${d.label}: tap-batch peak ran ${fixed(t.transactionsPerS, 0)} group transactions/s with ${fixed(t.requestsPerTransaction, 1)} requests each (mean ` +
        `${fixed(t.meanTransactionMs, 1)} ms); at half peak ${fixed(h.transactionsPerS, 0)}/s with ` +
        `${fixed(h.requestsPerTransaction, 1)} each (mean ${fixed(h.meanTransactionMs, 1)} ms).`,
    );
    if (t.requestsPerTransaction < 1.5) {
      notes.push(
        `${d.label}: group commit formed no groups at peak (${fixed(t.requestsPerTransaction, 1)} ` +
          `requests per transaction), so every request paid a whole transaction.`,
      );
    }
    if (h.serverCpuUsPerRequest > 1.5 * t.serverCpuUsPerRequest) {
      notes.push(
        `${d.label}: at half peak each tap request cost ${fixed(h.serverCpuUsPerRequest, 0)} µs of server CPU vs ` +
          `${fixed(t.serverCpuUsPerRequest, 0)} µs at peak — smaller groups, so less of the per-transaction cost is shared.`,
      );
    }
    if (d.driver === 'pglite') {
      notes.push(
        'pglite: the database runs as WASM inside the server process, so SQL time is in the server CPU column; with ' +
          "one connection, group transactions (one at a time) and every request's session lookup take turns on it.",
      );
    }
    for (const p of [c, t, h]) {
      if (p.starved > 0)
        notes.push(
          `${d.label} ${p.name}: ${p.starved} turns found no player with tap budget (the bench's bucket mirror held the load back; the rate is a lower bound).`,
        );
      if ((p.maxSendLagMs ?? 0) > 10)
        notes.push(
          `${d.label} ${p.name}: the load generator sent up to ${fixed(p.maxSendLagMs, 0)} ms late (its own ` +
            `process was short of CPU); that lateness is inside the latencies, as it would be for a real client.`,
        );
      if (p.refused423 > 0)
        notes.push(`${d.label} ${p.name}: ${p.refused423} requests refused with 423 (tap-rate ceiling).`);
    }
  }
  if (realtime) notes.push(...explainRealtimeLimits(realtime, cores));
  return notes;
}

export function printReport(results: BenchResults): void {
  const out: string[] = [];
  out.push('\nBitbreach benchmark', `started ${results.startedAt}, took ${results.durationS.toFixed(0)} s`);
  out.push(
    Object.entries(results.environment)
      .map(([k, v]) => `  ${k}: ${String(v)}`)
      .join('\n'),
  );
  out.push(`  parts: ${results.parts.join(', ')}`);
  if (results.pgbench) printTap(out, results, results.pgbench);
  if (results.realtime) out.push(...printRealtime(results.realtime));
  // A market-only run (BENCH_ONLY=market) has neither; it prints its own tables after this report.
  if (Object.keys(results.ratios).length > 0) {
    out.push('\nRatios and targets');
    out.push(
      table(
        ['ratio', '', 'value', 'target', 'met'],
        Object.entries(results.ratios).map(([k, r]) => [k, '', fixed(r.value, 2), r.target, r.met ? 'yes' : 'NO']),
      ),
    );
  }
  if (results.limits.length > 0) {
    out.push('\nWhat limits the figures');
    out.push(results.limits.map((l) => `  - ${l}`).join('\n'));
  }
  console.log(out.join('\n'));
}

/** The tap tables: pgbench, then each driver's three phases. */
function printTap(out: string[], results: BenchResults, pg: PgbenchResult): void {
  out.push(
    `\n(b) pgbench, "${pg.script}" autocommit, ${pg.clients} clients, ${pg.threads} threads, ${pg.seconds} s, scale ${pg.scale}:`,
  );
  out.push(
    `    ${pg.tps.toFixed(0)} tps, latency avg ${fixed(pg.latencyAvgMs, 2)} ms, ${pg.transactions ?? '-'} transactions, failed ${pg.failed ?? 0}`,
  );
  out.push(
    '\nThroughput and latency (ok/s = 2xx answers per second; open-loop latency counts from the scheduled arrival)',
  );
  out.push(
    table(
      [
        'driver',
        'phase',
        'ok/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'ok',
        '423',
        'other 4xx/5xx',
        'net err',
        'bad body',
        'starved',
      ],
      phases(results.drivers).map(([d, p]) => [
        d.label,
        p.name,
        fixed(p.okPerS, 0),
        fixed(p.p50Ms, 2),
        fixed(p.p90Ms, 2),
        fixed(p.p99Ms, 2),
        fixed(p.maxMs, 1),
        String(p.ok),
        String(p.refused423),
        String(sum(p.otherStatuses)),
        String(p.networkErrors),
        String(p.badBodies),
        String(p.starved),
      ]),
    ),
  );
  out.push(
    '\nWhere the time went (CPU columns in % of one core, machine % of all cores; tx = top-level transactions in the server)',
  );
  out.push(
    table(
      [
        'driver',
        'phase',
        'server CPU %',
        'µs/req',
        'event loop %',
        'tx/s',
        'req/tx',
        'tx ms',
        'loadgen %',
        'postgres %',
        'other %',
        'machine %',
      ],
      phases(results.drivers).map(([d, p]) => [
        d.label,
        p.name,
        fixed(p.serverCpuPct, 0),
        fixed(p.serverCpuUsPerRequest, 0),
        fixed(p.serverEluPct, 0),
        fixed(p.transactionsPerS, 0),
        fixed(p.requestsPerTransaction, 1),
        fixed(p.meanTransactionMs, 1),
        fixed(p.loadGeneratorCpuPct, 0),
        fixed(p.postgresCpuPct, 0),
        fixed(p.otherCpuPct, 0),
        fixed(p.machineBusyPct, 0),
      ]),
    ),
  );
  out.push(
    '\nModes: ' + [...new Set(phases(results.drivers).map(([d, p]) => `${d.label} ${p.name}: ${p.mode}`))].join('; '),
  );
  out.push(
    'Storage: ' +
      results.drivers
        .map((d) => `${d.label} = ${d.storage}, ${d.players} players registered in ${d.registerS.toFixed(1)} s`)
        .join('; '),
  );
}

/**
 * Writes the results as JSON and returns the path: bench/results/latest.json for a full run; a
 * partial run (BENCH_ONLY) writes latest.<part>.json, so it never replaces the full record.
 */
export function writeResults(results: BenchResults): string {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const path = results.parts.length === 1 ? `${dir}latest.${results.parts[0]}.json` : `${dir}latest.json`;
  writeFileSync(path, JSON.stringify(results, null, 2) + '\n');
  return path;
}
