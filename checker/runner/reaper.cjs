// Started next to the checker as its own process. The checker tells it on stdin of each vitest fork it spawns, one
// line each: the pid (which also names the fork's process group) and the fork's cgroup, if any, and `-<pid>` once
// the fork has ended. It remembers them and
// any process started below them, and once the checker is gone (its stdin closes, even after SIGKILL) kills all of
// them, so a learner's endless loop never outlives the checker that started it. It finds nothing by command line or
// title: a fork that renames itself is still the pid it was spawned with.
'use strict';

const { readFileSync, rmdirSync } = require('node:fs');
const { join } = require('node:path');
const { processTable } = require('./proc.cjs');

const checker = Number(process.argv[2]);
/** Forks as spawned: pid to cgroup folder ('' for none). */
const forks = new Map();
/** Every process seen below a fork while the checker lived. */
const below = new Set();

function kill(pid) {
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function killCgroup(dir) {
  try {
    for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) kill(Number(pid));
    rmdirSync(dir);
  } catch {
    // Gone already, or still tearing down: the next run removes it.
  }
}

function scan() {
  const table = processTable();
  const queue = [...forks.keys()];
  while (queue.length > 0) {
    const pid = queue.pop();
    if (pid === process.pid || pid === checker) continue;
    for (const [child, parent] of table) {
      if (parent === pid && !below.has(child)) {
        below.add(child);
        queue.push(child);
      }
    }
  }
  for (const pid of below) if (!table.has(pid)) below.delete(pid);
}

function reap() {
  // One last look below the forks, while they still live: a process that left its group is found through its parent.
  scan();
  for (const [pid, cgroup] of forks) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      kill(pid);
    }
    if (cgroup) killCgroup(cgroup);
  }
  for (const pid of below) kill(pid);
  process.exit(0);
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const [pid, cgroup = ''] = line.split('\t');
    // `-<pid>`: the fork has exited and been killed; its pid may now belong to another process.
    if (/^-\d+$/.test(pid)) forks.delete(-Number(pid));
    else if (/^\d+$/.test(pid) && Number(pid) > 1) forks.set(Number(pid), cgroup);
  }
});
process.stdin.on('end', reap);
process.stdin.on('error', reap);

setInterval(() => {
  try {
    process.kill(checker, 0);
    scan();
  } catch {
    reap();
  }
}, 300);
