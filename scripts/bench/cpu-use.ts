import { readdirSync, readFileSync } from 'node:fs';

// CPU time spent by the parts of a bench between two snapshots, from /proc (Linux): the whole
// machine and each part. Throughput on a shared 2-core machine moves with what else runs on it;
// the CPU time each part spends on one call moves much less, and says where the time goes.

const TICKS_PER_SECOND = 100;

/** Ticks by part, and by process within a part: a process that starts or ends in between counts only while seen. */
type Ticks = { user: number; system: number };
type Snapshot = { at: number; machine: number; parts: Map<string, Map<number, Ticks>> };

/** User and system ticks of a process. */
function ticksOf(pid: number): { user: number; system: number } {
  try {
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]), system: Number(fields[12]) };
  } catch {
    return { user: 0, system: 0 };
  }
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Busy ticks of the machine: everything but idle and iowait. */
function machineTicks(): number {
  const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
}

/** `pids`: named processes of the bench; Postgres and Redis are found by their command names. */
export function cpuSnapshot(pids: Record<string, number>): Snapshot | undefined {
  try {
    const parts = new Map<string, Map<number, Ticks>>();
    const add = (part: string, pid: number) => {
      const processes = parts.get(part) ?? new Map<number, Ticks>();
      processes.set(pid, ticksOf(pid));
      parts.set(part, processes);
    };
    for (const [name, pid] of Object.entries(pids)) add(name, pid);
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      const command = commandOf(pid);
      if (command === 'postgres') add('postgres', Number(pid));
      if (command === 'redis-server') add('redis', Number(pid));
    }
    return { at: Date.now(), machine: machineTicks(), parts };
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds of CPU per unit of work (`units`, e.g. calls) between two snapshots, per part and
 * for the whole machine, and how busy the machine was. A process that ended in between (a
 * Postgres backend of a closed pool) is not counted; one that started counts from its start.
 */
export function cpuPerUnit(before: Snapshot | undefined, after: Snapshot | undefined, units: number) {
  if (!before || !after || units === 0) return undefined;
  const perUnit = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND / units;
  const parts = Object.fromEntries(
    [...after.parts].map(([name, processes]) => {
      let user = 0;
      let system = 0;
      for (const [pid, now] of processes) {
        const then = before.parts.get(name)?.get(pid);
        user += now.user - (then?.user ?? 0);
        system += now.system - (then?.system ?? 0);
      }
      return [name, { total: perUnit(user + system), system: perUnit(system) }];
    }),
  );
  const seconds = (after.at - before.at) / 1000;
  const machine = perUnit(after.machine - before.machine);
  return { machine, parts, busyCores: (machine * units) / 1000 / seconds };
}

export function describeCpu(use: ReturnType<typeof cpuPerUnit>, unit: string): string {
  if (!use) return 'CPU use: not measured (no /proc)';
  const parts = Object.entries(use.parts)
    .filter(([, ms]) => ms.total >= 0.005)
    .map(([name, ms]) => `${name} ${ms.total.toFixed(2)} (kernel ${ms.system.toFixed(2)})`)
    .join(', ');
  return `CPU ms per ${unit}: machine ${use.machine.toFixed(2)} (${parts}); ${use.busyCores.toFixed(2)} cores busy`;
}
