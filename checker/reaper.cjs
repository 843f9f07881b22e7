// Started next to the checker as its own process. It remembers the vitest forks the checker starts
// and, once the checker is gone (even after SIGKILL), kills any of them that are still running,
// so a learner's endless loop never outlives the checker that started it.
const { readdirSync, readFileSync } = require('node:fs');

const checker = Number(process.argv[2]);
const forks = new Set();

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function scan() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === checker && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('workers/forks')) forks.add(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
}

setInterval(() => {
  if (alive(checker)) {
    scan();
    for (const pid of forks) if (!alive(pid)) forks.delete(pid);
    return;
  }
  for (const pid of forks) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
}, 300);
