// BENCH_WORKERS=n: the bench's server child becomes a cluster primary (ADR 036) that forks n
// copies of server-process.ts on one port, as `WORKERS=n npm start` does, and answers the
// orchestrator for all of them: ready once every worker listens, stats summed over the workers
// and itself, close when all have closed.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { forkWorker, serveWorkers } from '../src/server/cluster/primary';
import type { ParentMessage, ServerMessage, ServerStats } from './server-protocol';

function tell(message: ServerMessage): void {
  process.send?.(message);
}

export function runBenchPrimary(count: number): void {
  if (process.env.BENCH_DRIVER !== 'postgres')
    throw new Error('BENCH_WORKERS > 1 needs the postgres driver: each worker would get its own in-memory PGlite');
  if (process.env.BENCH_PROBES === '1')
    throw new Error('BENCH_WORKERS > 1 cannot serve the realtime probes (they count one process)');
  // One session secret for all workers: a cookie signed by one is read by the others.
  process.env.BENCH_SESSION_SECRET ||= randomBytes(32).toString('base64url');
  serveWorkers();
  const workers: Worker[] = [];
  const statsWaiting = new Map<number, { parts: ServerStats[]; done: (stats: ServerStats) => void }>();
  let ready = 0;
  let closing = false;

  for (let i = 0; i < count; i++) {
    const worker = forkWorker({ BENCH_WORKERS: '1' });
    workers.push(worker);
    worker.on('message', (message: ServerMessage) => {
      if (message.type === 'ready' && ++ready === count) tell({ type: 'ready', port: message.port });
      else if (message.type === 'error') tell(message);
      else if (message.type === 'stats') {
        const waiting = statsWaiting.get(message.id);
        waiting?.parts.push(message.stats);
        if (waiting && waiting.parts.length === count) {
          statsWaiting.delete(message.id);
          waiting.done(sumStats(waiting.parts));
        }
      }
    });
  }

  cluster.on('exit', (worker, code) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        tell({ type: 'closed' });
        process.exit(0);
      }
      return;
    }
    // A bench worker that dies fails the run: no restarts here, they would hide it.
    tell({ type: 'error', message: `bench worker ${worker.process.pid} exited with code ${code}` });
    process.exit(1);
  });

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') {
      statsWaiting.set(message.id, { parts: [], done: (stats) => tell({ type: 'stats', id: message.id, stats }) });
      for (const worker of workers) worker.send(message);
    } else if (message.type === 'probes') {
      tell({ type: 'probes', id: message.id, probes: null });
    } else if (message.type === 'close' && !closing) {
      closing = true;
      for (const worker of workers) if (worker.isConnected()) worker.send(message);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

/** The workers' figures added up, the primary's own CPU included (it accepts and hands out every connection). */
function sumStats(parts: ServerStats[]): ServerStats {
  const own = process.cpuUsage();
  const total = (pick: (s: ServerStats) => number) => parts.reduce((sum, s) => sum + pick(s), 0);
  return {
    cpuUserUs: total((s) => s.cpuUserUs) + own.user,
    cpuSystemUs: total((s) => s.cpuSystemUs) + own.system,
    eluActiveMs: total((s) => s.eluActiveMs),
    eluIdleMs: total((s) => s.eluIdleMs),
    transactions: total((s) => s.transactions),
    transactionMs: total((s) => s.transactionMs),
    dbWrites: total((s) => s.dbWrites),
    rssBytes: total((s) => s.rssBytes) + process.memoryUsage().rss,
  };
}
