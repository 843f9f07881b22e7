import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc/<pid>/stat; 100 on every Linux this course targets. */
const TICKS_PER_SECOND = 100;

/**
 * Kills the vitest forks this process started that are older than `minAgeMs`.
 * Each suite file gets a fresh fork, so a fork that old holds a file past its deadline;
 * younger forks (other files) are left alone. SIGKILL stops even a synchronous loop.
 */
export function killOldForkWorkers(minAgeMs: number): number {
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      const ageMs = (uptime - Number(fields[19]) / TICKS_PER_SECOND) * 1000;
      if (ageMs < minAgeMs) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('workers/forks')) continue;
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // The process ended while we looked: nothing to kill.
    }
  }
  return killed;
}

/** Tracks when each suite file started and reports the ones that ran past their deadline. */
export class Deadlines {
  private readonly started = new Map<string, number>();

  constructor(private readonly limitMs: number) {}

  /** Records that a file began (queued on a worker). */
  start(file: string): void {
    this.started.set(file, Date.now());
  }

  /** Records that a file finished, so it no longer counts against its deadline. */
  end(file: string): void {
    this.started.delete(file);
  }

  /** The files past their deadline; they are forgotten once returned. */
  expired(now = Date.now()): string[] {
    const late = [...this.started].filter(([, since]) => now - since > this.limitMs).map(([file]) => file);
    for (const file of late) this.started.delete(file);
    return late;
  }

  /** Forgets every file, for the next run. */
  clear(): void {
    this.started.clear();
  }
}

/** Makes Ctrl+C, SIGTERM and every exit kill this process's forks first; exit hooks elsewhere clean up the rest. */
export function killForksOnExit(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killOldForkWorkers(0);
      process.exit(130);
    });
  }
  process.on('exit', () => killOldForkWorkers(0));
}
