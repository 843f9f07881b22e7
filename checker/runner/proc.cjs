// The process table from /proc, in one place for the checker (runner/forks.ts) and for its reaper
// (runner/reaper.cjs), which runs as a plain CommonJS process of its own; types are in proc.d.cts. Processes are
// found by the pids the checker spawned them with and by their parents, never by a command line or a title, which
// the process itself may change (process.title rewrites /proc/<pid>/cmdline).
'use strict';

const { readdirSync, readFileSync } = require('node:fs');

/** The fields of /proc/<pid>/stat after the command name (which may itself hold spaces and parentheses). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Every live process with its parent's pid. */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command name: state, then the parent's pid.
      table.set(Number(entry), Number(statFields(entry)[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

/** A process and everything it started, children first. */
function withDescendants(pid, table) {
  const children = [...table].filter(([, parent]) => parent === pid).map(([child]) => child);
  return [...children.flatMap((child) => withDescendants(child, table)), pid];
}

/** The CPU time, user and system, in ms, a process has used itself and its children it waited for have used, or undefined once it is gone. */
function cpuTimes(pid) {
  try {
    // After the command name: utime, stime, cutime and cstime are fields 14 to 17 of stat, in ticks of 1/100 s.
    const [utime, stime, cutime, cstime] = statFields(pid).slice(11, 15).map(Number);
    const self = utime + stime;
    const children = cutime + cstime;
    return Number.isFinite(self) && Number.isFinite(children) ? { self: self * 10, children: children * 10 } : undefined;
  } catch {
    return undefined;
  }
}

/** The CPU time a process has used so far, user and system, in ms, or undefined once it is gone. */
function cpuMs(pid) {
  return cpuTimes(pid)?.self;
}

/**
 * How the main thread of a process (the one that runs its JavaScript) has spent its life so far, in ms: running on a
 * CPU, and ready to run but waiting for one (from /proc/<pid>/schedstat), or undefined once it is gone. The rest of its
 * life it was blocked, waiting for something other than a CPU. Where the kernel keeps no such count: the CPU time of
 * the whole process from stat, and no time ready.
 */
function runTimes(pid) {
  try {
    const [running, ready] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    if (Number.isFinite(running) && Number.isFinite(ready)) return { cpu: running / 1e6, ready: ready / 1e6 };
  } catch {
    // Gone, or not counted: stat below says which.
  }
  const cpu = cpuMs(pid);
  return cpu === undefined ? undefined : { cpu, ready: 0 };
}

/**
 * How long the threads of a process other than its main one (a worker thread, such as the one that talks to a learner
 * process across the bridge) have run or been ready to run, all told, in ms; 0 when they cannot be read.
 */
function otherThreadsBusy(pid) {
  let total = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      if (tid === String(pid)) continue;
      try {
        const [running, ready] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
        if (Number.isFinite(running) && Number.isFinite(ready)) total += (running + ready) / 1e6;
      } catch {
        // The thread has just ended.
      }
    }
  } catch {
    return 0;
  }
  return total;
}

/** The processes a process started that still live, from its threads' lists in /proc (empty once it is gone). */
function childrenOf(pid) {
  // A process a worker thread started is listed under that thread (the bridge's worker starts the learner process).
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter((entry) => entry !== '').map(Number);
    } catch {
      return [];
    }
  });
}

/** Every live process below a process, from the children lists in /proc: cheaper than the whole process table. */
function descendantsOf(pid) {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

module.exports = { processTable, withDescendants, cpuTimes, cpuMs, runTimes, otherThreadsBusy, descendantsOf };
