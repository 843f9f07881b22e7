import { readdirSync, readFileSync } from 'node:fs';

/** The vitest forks this process started, as pids, with the lane each belongs to (from its environment). */
function ownForks(): { pid: number; lane: string }[] {
  const forks: { pid: number; lane: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('workers/forks')) continue;
      const lane = /(?:^|\0)CHECKER_LANE=([^\0]*)/.exec(readFileSync(`/proc/${entry}/environ`, 'utf8'))?.[1] ?? '';
      forks.push({ pid: Number(entry), lane });
    } catch {
      // The process ended while we looked.
    }
  }
  return forks;
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Kills the forks of one lane. A lane runs one fork at a time, so this stops exactly the student whose file
 * is past its deadline; SIGKILL stops even a synchronous loop, which vitest's own timeouts cannot.
 */
export function killLaneForks(lane: string): void {
  for (const fork of ownForks()) if (fork.lane === lane) kill(fork.pid);
}

/** Kills every fork this process started. */
export function killAllForks(): void {
  for (const fork of ownForks()) kill(fork.pid);
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
