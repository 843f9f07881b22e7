import { environmentValue, processTable, vitestForks, withDescendants } from './proc.cjs';
import type { ProcessTable } from './proc.cjs';

/** The process table's readers the lanes and the tests use, from the one /proc reader. */
export { descendantsOf, otherThreadsBusy, processTable, runTimes, withDescendants } from './proc.cjs';

/** The vitest forks this process started, as pids, with the lane each belongs to (from its environment). */
function ownForks(table: ProcessTable): { pid: number; lane: string }[] {
  return vitestForks(process.pid, table).flatMap((pid) => {
    const lane = environmentValue(pid, 'CHECKER_LANE');
    return lane === undefined ? [] : [{ pid, lane }];
  });
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
