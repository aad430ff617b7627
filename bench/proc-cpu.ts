import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// CPU counters from /proc, so each phase can say who used the two cores: the server child, the
// load generator, PostgreSQL's backends for the bench database, or something else entirely
// (other engineers' test runs share this machine). Everything degrades to null without /proc.

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
export const ticksPerSecond = clockTicksPerSecond();

export interface CpuSnapshot {
  machineBusyTicks: number;
  machineTotalTicks: number;
  /** utime+stime of PostgreSQL backends connected to the bench database, plus its WAL/checkpoint helpers. */
  postgresTicks: number;
  /** Time no process is charged with: hardware and soft interrupts, and time the hypervisor took (steal). */
  kernelTicks: number;
}

export function processTicks(pid: string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th overall.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function postgresTicks(databaseName: string | null): number {
  if (!databaseName) return 0;
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // Backends retitle themselves "postgres: <cluster>: <user> <database> <host> <state>".
      if (!title.startsWith('postgres: ')) continue;
      const ours = title.includes(` ${databaseName} `);
      const helper = /: (walwriter|checkpointer|background writer)/.test(title);
      if (ours || helper) total += processTicks(pid);
    } catch {
      // The process ended between listing and reading: its time is simply not counted.
    }
  }
  return total;
}

export function readCpu(databaseName: string | null): CpuSnapshot | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const kernelTicks = (fields[5] ?? 0) + (fields[6] ?? 0) + (fields[7] ?? 0);
    return {
      machineBusyTicks: total - idle,
      machineTotalTicks: total,
      postgresTicks: postgresTicks(databaseName),
      kernelTicks,
    };
  } catch {
    return null;
  }
}

/** Machine busy % (of all cores) and PostgreSQL % (of one core) between two snapshots. */
export function cpuBetween(
  before: CpuSnapshot | null,
  after: CpuSnapshot | null,
  wallS: number,
): { machineBusyPct: number | null; postgresPct: number | null } {
  if (!before || !after || after.machineTotalTicks === before.machineTotalTicks)
    return { machineBusyPct: null, postgresPct: null };
  return {
    // /proc/stat sums every core, so busy ÷ total is already a share of the whole machine.
    machineBusyPct:
      (100 * (after.machineBusyTicks - before.machineBusyTicks)) / (after.machineTotalTicks - before.machineTotalTicks),
    postgresPct: (100 * (after.postgresTicks - before.postgresTicks)) / ticksPerSecond / wallS,
  };
}
