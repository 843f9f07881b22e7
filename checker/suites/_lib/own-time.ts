/*
 * The time a learner process a suite started has spent of its own, in two counts: the CPU time it computed, and the
 * time nobody it waits on could run (blocked). A loop spends CPU time whatever the load; a silence spends blocked time;
 * an honest server on a busy machine spends the same little CPU time as on a quiet one, and the time it, its guard or
 * the suite waits for a core counts as neither. The logic is pure: what it reads of /proc comes from a ProcReader.
 */

/** How a process has spent its life so far, in ms: CPU time (every thread), and its main thread on a CPU and ready for one. */
export interface ProcTimes {
  cpu: number;
  run: number;
  ready: number;
}

/** What a guard process (PROCESS_GUARD) says of itself and of the learner process it started, as of `at` (ms since the epoch). */
export interface GuardReport {
  at: number;
  guard: ProcTimes;
  learner: ProcTimes | null;
}

/** What ownTime reads: the clock, this process's own times, and each guard's report; undefined where nothing can be read. */
export interface ProcReader {
  now(): number;
  self(): ProcTimes | undefined;
  guard(pid: number): GuardReport | undefined;
}

/** What learner processes have spent since a moment, in ms: CPU time, and time blocked, neither they nor the suite able to run. */
export interface OwnTime {
  cpu: number;
  blocked: number;
}

/** How many times its CPU limit a learner process may sit blocked: a backstop for a silence, never reached by an honest wait. */
export const BLOCKED_FACTOR = 2;

/**
 * How much of the time since a guard's last report is taken as not blocked: a guard reports every 100 ms, late when it
 * waits for a core (and what it waited is in its next report), never again once it has ended.
 */
export const REPORT_GRACE_MS = 1_000;

const NOTHING: ProcTimes = { cpu: 0, run: 0, ready: 0 };

/** The time a process was running or ready to run between two readings. */
function busy(from: ProcTimes, to: ProcTimes): number {
  return Math.max(0, to.run - from.run + to.ready - from.ready);
}

/**
 * Starts counting what the learner processes behind the guards `pids` spend, and returns how much they have spent
 * since. CPU time is the learner processes' own, as their guards last reported it. Blocked time is the clock less
 * every moment this suite, a guard or a learner process ran or was ready to run (their sums, so it is never more
 * than the truth), less the time since each guard's last report, up to REPORT_GRACE_MS (a guard that waits for a core
 * reports late, and its report then counts the wait). A guard
 * first seen after the start was born after it: its whole life counts; one that has not reported yet is starting, not
 * blocked. Where this process's own times cannot be read (no /proc), all of the clock is blocked.
 */
export function ownTime(pids: () => readonly (number | null | undefined)[], reader: ProcReader): () => OwnTime {
  const start = reader.now();
  const known = reader.self();
  const self = known ?? NOTHING;
  const bases = new Map<number, GuardReport>();
  const live = () => pids().filter((pid): pid is number => typeof pid === 'number');
  for (const pid of live()) {
    const report = reader.guard(pid);
    if (report) bases.set(pid, report);
  }
  return () => {
    const now = reader.now();
    let cpu = 0;
    let notBlocked = busy(self, reader.self() ?? self);
    for (const pid of live()) {
      const report = reader.guard(pid);
      // A guard that has not reported yet is still starting (Node loads before it can write): starting is not blocked.
      if (!report) {
        if (known) notBlocked += now - start;
        continue;
      }
      const base = bases.get(pid) ?? { at: start, guard: NOTHING, learner: null };
      const learnerBase = base.learner ?? NOTHING;
      if (report.learner) cpu += Math.max(0, report.learner.cpu - learnerBase.cpu);
      notBlocked += busy(base.guard, report.guard) + (report.learner ? busy(learnerBase, report.learner) : 0) + Math.min(REPORT_GRACE_MS, Math.max(0, now - report.at));
    }
    return { cpu, blocked: Math.max(0, now - start - notBlocked) };
  };
}

/** Which of its limits a learner process reached first, if any: `ms` of CPU time, or BLOCKED_FACTOR times that blocked. */
export function limitReached(spent: OwnTime, ms: number): 'cpu' | 'blocked' | null {
  if (spent.cpu >= ms) return 'cpu';
  if (spent.blocked >= ms * BLOCKED_FACTOR) return 'blocked';
  return null;
}

/** How much of `ms` is left, counted as CPU time: the larger share of either limit that is used up. */
export function leftOf(spent: OwnTime, ms: number): number {
  return ms - Math.max(spent.cpu, spent.blocked / BLOCKED_FACTOR);
}
