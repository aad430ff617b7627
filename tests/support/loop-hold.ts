import { readFileSync } from 'node:fs';

/** The longest run of work this thread did without letting its event loop turn, in ms of its own CPU. */
export interface LoopHoldMonitor {
  stop(): { longestHoldMs: number; turns: number };
}

/**
 * CPU time this OS thread has run, in ns, from Linux's per-thread scheduler statistics. Node 20 has no
 * per-thread CPU clock (process.cpuUsage adds every thread, the zlib pool's among them).
 */
function threadCpuNs(): number {
  return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ', 1)[0]);
}

/**
 * Watches how long this thread's event loop is held, counted in the thread's own CPU time rather than
 * on the wall clock: a timer ticks every millisecond and records the CPU the thread spent since the
 * last tick. Time the thread waits for a core (a busy CI machine) or idles in poll adds nothing, so
 * the figure is the code's, not the machine's; a synchronous encode on a request path still shows in
 * full. The kernel updates a running thread's figure at least once per scheduler tick (a few ms).
 */
export function monitorLoopHold(): LoopHoldMonitor {
  let last = threadCpuNs();
  let longestNs = 0;
  let turns = 0;
  /** Counts the CPU since the last reading as one hold. */
  const record = () => {
    const now = threadCpuNs();
    longestNs = Math.max(longestNs, now - last);
    last = now;
    turns++;
  };
  const tick = () => {
    record();
    timer = setTimeout(tick, 1);
  };
  let timer = setTimeout(tick, 1);
  return {
    stop() {
      clearTimeout(timer);
      record();
      return { longestHoldMs: longestNs / 1e6, turns };
    },
  };
}
