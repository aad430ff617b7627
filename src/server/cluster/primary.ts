import cluster, { type Worker } from 'node:cluster';
import { createCounterTable } from './ipc-counters';
import { createLeaseTable } from './ipc-leases';
import {
  isBitbreachMessage,
  workerMarker,
  type BusRelayMessage,
  type CounterAnswer,
  type CounterRequest,
  type LeaseRequest,
} from './messages';

/**
 * What any Bitbreach cluster primary does for its workers (ADR 036): re-sends each worker's bus
 * events to the others, and keeps the window counters and socket leases they share (ADR 045). The
 * bench's primary uses it too. Returns the function that stops it.
 */
export function serveWorkers(): () => void {
  const counters = createCounterTable();
  const leases = createLeaseTable();
  const answer = (to: Worker, id: number, count: number) => {
    const message: CounterAnswer = { bb: 'count-answer', id, count };
    if (to.isConnected()) to.send(message);
  };
  const onMessage = (from: Worker, raw: unknown) => {
    if (!isBitbreachMessage(raw)) return;
    if (raw.bb === 'bus') {
      const relay = raw as BusRelayMessage;
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (worker && worker !== from && worker.isConnected()) worker.send(relay);
      }
    } else if (raw.bb === 'count') {
      const request = raw as CounterRequest;
      answer(from, request.id, counters.answer(request));
    } else if (raw.bb === 'lease') {
      const request = raw as LeaseRequest;
      answer(from, request.id, leases.answer(from.id, request));
    }
  };
  // A worker that exits (crashed or drained) has no sockets left: its places are free at once.
  const onExit = (worker: Worker) => leases.dropWorker(worker.id);
  cluster.on('message', onMessage);
  cluster.on('exit', onExit);
  return () => {
    cluster.off('message', onMessage);
    cluster.off('exit', onExit);
    counters.stop();
  };
}

/** Forks a worker that knows it belongs to this primary (the relay bus and shared counters answer). */
export function forkWorker(env: Record<string, string> = {}): Worker {
  return cluster.fork({ ...env, [workerMarker]: '1' });
}

export interface PrimaryOptions {
  count: number;
  /** "PostgreSQL", for the start-up line. */
  where: string;
  /** DRAIN_DELAY_MS: how long workers answer 503 on /readyz before they stop (a stuck worker is killed after it plus 30 s). */
  drainDelayMs: number;
}

const restartWindowMs = 60_000;
const stopGraceMs = 30_000;

/**
 * WORKERS=n with PostgreSQL (ADR 036): forks n copies of this server on one port (the primary
 * accepts connections and hands them round-robin to the workers). A worker that dies is replaced,
 * with a growing pause if it keeps dying; a worker that dies before every worker was up stops the
 * start (a bad configuration, not a crash). SIGTERM and SIGINT are passed to every worker, which
 * drains as a single server does, and the primary exits once all have.
 */
export function runPrimary(options: PrimaryOptions): void {
  serveWorkers();
  let up = false;
  let stopping = false;
  let listening = 0;
  const recentExits: number[] = [];

  const start = () => {
    const worker = forkWorker();
    worker.once('listening', (address) => {
      listening += 1;
      if (!up && listening === options.count) {
        up = true;
        // The same line a single server prints (operators and tests read it), with the worker count.
        console.log(`Bitbreach is up on http://localhost:${address.port} (${options.where}, ${options.count} workers)`);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!up) {
      console.error(
        `A server worker (pid ${worker.process.pid}) exited with ${how} while starting; stopping the others.`,
      );
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
      process.exit(1);
    }
    const now = Date.now();
    recentExits.push(now);
    while (recentExits.length && recentExits[0]! < now - restartWindowMs) recentExits.shift();
    // 0.1 s after a lone crash, doubling per crash in the last minute up to 30 s: a crash loop must not spin.
    const pauseMs = Math.min(30_000, 100 * 2 ** (recentExits.length - 1));
    console.error(
      `A server worker (pid ${worker.process.pid}) exited with ${how}; starting a new one in ${pauseMs} ms.`,
    );
    setTimeout(() => {
      if (!stopping) start();
    }, pauseMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(0);
    // Each worker drains on its own (readyz 503, sockets closed with 1001, requests in flight finished).
    for (const worker of workers) worker.process.kill(signal === 'SIGINT' ? 'SIGTERM' : signal);
    const killer = setTimeout(() => {
      console.error('Server workers did not stop in time; killing them.');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, options.drainDelayMs + stopGraceMs);
    killer.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < options.count; i++) start();
}
