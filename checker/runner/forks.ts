import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killConfined } from '../trust/os-confine.ts';
import type { Spawned } from '../trust/os-confine.ts';
import { processTable, withDescendants } from './proc.cjs';

/** The process table's readers the lanes and the tests use, from the one /proc reader. */
export { descendantsOf, otherThreadsBusy, processTable, runTimes, withDescendants } from './proc.cjs';

/** A small process that kills this checker's forks if the checker dies without doing so itself. */
const REAPER = fileURLToPath(new URL('./reaper.cjs', import.meta.url));

/**
 * The forks this process started and has not seen end, per lane, each as spawned: its pid, which also names its
 * process group, and its cgroup where it has one. Never found again by a command line or title, which a fork may change.
 */
const forks = new Map<string, Set<Spawned>>();

let reaper: ChildProcess | undefined;

/**
 * Starts the reaper once per checker process: it hears of each fork on its stdin, and once the checker is gone (its
 * stdin closes, even after SIGKILL) kills every fork it heard of, their process groups, cgroups and descendants.
 */
export function startReaper(): void {
  if (reaper) return;
  reaper = spawn(process.execPath, [REAPER, String(process.pid)], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  reaper.stdin!.on('error', () => {});
  reaper.unref();
  (reaper.stdin as unknown as { unref?: () => void }).unref?.();
}

/**
 * Remembers a fork of `lane` by the pid and cgroup it was spawned with, tells the reaper, and once it has exited kills
 * its process group and cgroup (what it left running) and forgets it, and makes the reaper forget it too.
 */
export function trackFork(lane: string, spawned: Spawned, child: ChildProcess): void {
  startReaper();
  const set = forks.get(lane) ?? new Set<Spawned>();
  forks.set(lane, set);
  set.add(spawned);
  reaper?.stdin?.write(`${spawned.pid}\t${spawned.cgroup ?? ''}\n`);
  child.once('exit', () => {
    killConfined(spawned);
    set.delete(spawned);
    // The pid may be given to another process from now on: the reaper must never kill it.
    reaper?.stdin?.write(`-${spawned.pid}\n`);
  });
}

/** Kills one fork: its process group, its cgroup, and any process below it that left the group. */
function killFork(spawned: Spawned): void {
  const below = withDescendants(spawned.pid, processTable());
  killConfined(spawned);
  for (const pid of below) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Kills the forks of one lane, with any process a suite started from them (a learner server on stdio).
 * A lane runs one fork at a time, so this stops exactly the student whose file is past its deadline;
 * SIGKILL stops even a synchronous loop, which vitest's own timeouts cannot.
 */
export function killLaneForks(lane: string): void {
  for (const spawned of forks.get(lane) ?? []) killFork(spawned);
}

/** Kills every fork this process started, with their descendants. */
function killAllForks(): void {
  for (const lane of forks.keys()) killLaneForks(lane);
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
