import { readdirSync, readFileSync } from 'node:fs';

/** Every live process with its parent's pid, read from /proc. */
export function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      table.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

/** A process and everything it started, children first. */
export function withDescendants(pid: number, table: Map<number, number>): number[] {
  const children = [...table].filter(([, parent]) => parent === pid).map(([child]) => child);
  return [...children.flatMap((child) => withDescendants(child, table)), pid];
}

/** The vitest forks this process started, as pids, with the lane each belongs to (from its environment). */
function ownForks(table: Map<number, number> = processTable()): { pid: number; lane: string }[] {
  const forks: { pid: number; lane: string }[] = [];
  for (const [pid, parent] of table) {
    if (parent !== process.pid) continue;
    const entry = String(pid);
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('workers/forks')) continue;
      const lane = /(?:^|\0)CHECKER_LANE=([^\0]*)/.exec(readFileSync(`/proc/${entry}/environ`, 'utf8'))?.[1] ?? '';
      forks.push({ pid: Number(entry), lane });
    } catch {
      // The process ended while we looked.
    }
  }
  return forks;
}

/** The pid of the fork a lane is running now (a lane runs one at a time), or undefined when it has none. */
export function laneFork(lane: string): number | undefined {
  return ownForks().find((fork) => fork.lane === lane)?.pid;
}

/** The CPU time a process has used so far, user and system, in ms (from /proc), or undefined once it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name: state is field 3, utime and stime are fields 14 and 15, in ticks of 1/100 s.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Kills the forks of one lane, with any process a suite started from them (a learner server on stdio).
 * A lane runs one fork at a time, so this stops exactly the student whose file is past its deadline;
 * SIGKILL stops even a synchronous loop, which vitest's own timeouts cannot.
 */
export function killLaneForks(lane: string): void {
  const table = processTable();
  for (const fork of ownForks(table)) if (fork.lane === lane) withDescendants(fork.pid, table).forEach(kill);
}

/** Kills every fork this process started, with their descendants. */
function killAllForks(): void {
  const table = processTable();
  for (const fork of ownForks(table)) withDescendants(fork.pid, table).forEach(kill);
}

/** Makes Ctrl+C, SIGTERM and every exit kill this process's forks first; exit hooks elsewhere clean up the rest. */
export function killForksOnExit(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killAllForks();
      process.exit(130);
    });
  }
  process.on('exit', () => killAllForks());
}
