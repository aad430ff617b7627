import { readdirSync, readFileSync } from 'node:fs';
import { cpuBetween, processTicks, readCpu, ticksPerSecond, type CpuSnapshot } from './proc-cpu';

// Who used the two cores during a soak: the server's primary and each worker, PostgreSQL (the soak
// database's backends and its WAL/checkpoint helpers), the load generator, every other program by name
// (Redis among them) and the kernel's interrupt and steal time. The generator
// shares the machine with the game, so a reader needs its share to judge the game's figures.

interface Split {
  machine: CpuSnapshot | null;
  ticks: Map<string, number>;
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function parentOf(pid: string): number {
  try {
    return Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    return -1;
  }
}

function snapshot(serverPid: number, databaseName: string): Split {
  const ticks = new Map<string, number>();
  const add = (who: string, pid: string) => {
    try {
      ticks.set(who, (ticks.get(who) ?? 0) + processTicks(pid));
    } catch {
      // the process ended between the listing and the read
    }
  };
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    if (Number(pid) === serverPid) add(`primary ${pid}`, pid);
    else if (parentOf(pid) === serverPid) add(`worker ${pid}`, pid);
    else if (Number(pid) !== process.pid && !commandOf(pid).startsWith('postgres')) add(commandOf(pid), pid);
  }
  const machine = readCpu(databaseName);
  if (machine) ticks.set('PostgreSQL', machine.postgresTicks);
  if (machine) ticks.set('kernel (interrupts, steal)', machine.kernelTicks);
  const own = process.cpuUsage();
  ticks.set('generator', ((own.user + own.system) / 1e6) * ticksPerSecond);
  return { machine, ticks };
}

/** Starts counting; the returned function prints each process's share of one core since then. */
export function startCpuSplit(serverPid: number, databaseName: string): (wallS: number) => string {
  const before = snapshot(serverPid, databaseName);
  return (wallS) => {
    const after = snapshot(serverPid, databaseName);
    const shares = [...after.ticks]
      .map(([who, ticks]) => ({ who, pct: (100 * (ticks - (before.ticks.get(who) ?? 0))) / ticksPerSecond / wallS }))
      .filter(({ pct }) => pct >= 0.5)
      .sort((a, b) => b.pct - a.pct)
      .map(({ who, pct }) => `${who} ${pct.toFixed(0)}`);
    const busy = cpuBetween(before.machine, after.machine, wallS).machineBusyPct;
    return (
      `CPU during play, % of one core: ${shares.join(', ')}; ` +
      `machine busy ${busy === null ? '?' : busy.toFixed(0)} % of both cores`
    );
  };
}
