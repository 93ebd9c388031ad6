import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from /proc (Linux), split by who used it: the server process, PostgreSQL's processes,
 * pgbench, this process (the load driver) and anything else on the machine (other work on a
 * shared machine shows up there, not in the figures of the case). Processes are sampled every
 * 200 ms, so short-lived ones (pgbench's backends) are counted too, less their last < 200 ms.
 */
export interface CpuShares {
  /** Percent of one core over the measured time: 200 means two cores fully busy. */
  machineBusy: number;
  server: number;
  postgres: number;
  /** HAProxy, in the cases through a load balancer. */
  balancer: number;
  pgbench: number;
  driver: number;
  /** Busy time of everything else, the load driver included. */
  other: number;
  /** CPU milliseconds, for per-operation figures. */
  serverMs: number;
  postgresMs: number;
  pgbenchMs: number;
}

const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 200;

interface ProcessTicks {
  group: 'server' | 'postgres' | 'pgbench' | 'balancer';
  baseline: number;
  last: number;
}

function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

function uptimeTicks(): number {
  return Number.parseFloat(readFileSync('/proc/uptime', 'utf8').split(' ')[0]!) * TICKS_PER_SECOND;
}

/** Name, CPU ticks (user + system) and start time (ticks after boot) of a process. */
function processStat(pid: string): { name: string; ticks: number; startedAt: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after the name, counted from `state` (field 3 of proc(5)).
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, ticks: Number(after[11]) + Number(after[12]), startedAt: Number(after[19]) };
  } catch {
    return null; // ended meanwhile
  }
}

/** `serverPid`: the server process, or each instance's when several run behind HAProxy. */
export function startCpuMeter(serverPid: number | readonly number[] | undefined): () => CpuShares | null {
  const serverPids = new Set(
    serverPid === undefined ? [] : typeof serverPid === 'number' ? [serverPid] : serverPid,
  );
  let machineBefore: { busy: number; total: number };
  let startedAtTicks: number;
  try {
    machineBefore = machineTicks();
    startedAtTicks = uptimeTicks();
  } catch {
    return () => null; // not Linux
  }
  const driverBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const processes = new Map<string, ProcessTicks>();

  const sample = () => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = processStat(pid);
      if (!stat) continue;
      const group = serverPids.has(Number(pid))
        ? 'server'
        : stat.name === 'postgres'
          ? 'postgres'
          : stat.name === 'pgbench'
            ? 'pgbench'
            : stat.name === 'haproxy'
              ? 'balancer'
              : null;
      if (!group) continue;
      const known = processes.get(pid);
      if (known) known.last = stat.ticks;
      else {
        // Started during the measurement: all of its time counts.
        const baseline = stat.startedAt >= startedAtTicks ? 0 : stat.ticks;
        processes.set(pid, { group, baseline, last: stat.ticks });
      }
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);

  return () => {
    clearInterval(timer);
    sample();
    const elapsedSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    const machine = machineTicks();
    const ticksOf = (group: ProcessTicks['group']) =>
      [...processes.values()]
        .filter((entry) => entry.group === group)
        .reduce((sum, entry) => sum + entry.last - entry.baseline, 0);
    const percent = (ticks: number) => (100 * ticks) / TICKS_PER_SECOND / elapsedSeconds;
    const driverUsage = process.cpuUsage(driverBefore);
    const driver = (100 * (driverUsage.user + driverUsage.system)) / 1e6 / elapsedSeconds;
    const shares = {
      machineBusy: percent(machine.busy - machineBefore.busy),
      server: percent(ticksOf('server')),
      postgres: percent(ticksOf('postgres')),
      pgbench: percent(ticksOf('pgbench')),
      balancer: percent(ticksOf('balancer')),
      driver,
    };
    const msOf = (group: ProcessTicks['group']) => (1000 * ticksOf(group)) / TICKS_PER_SECOND;
    return {
      ...shares,
      other: Math.max(
        0,
        shares.machineBusy - shares.server - shares.postgres - shares.pgbench - shares.balancer,
      ),
      serverMs: msOf('server'),
      postgresMs: msOf('postgres'),
      pgbenchMs: msOf('pgbench'),
    };
  };
}
