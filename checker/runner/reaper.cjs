// Started next to the checker as its own process. It remembers the vitest forks the checker starts, and any
// process started from them, and once the checker is gone (even after SIGKILL) kills those still running,
// so a learner's endless loop never outlives the checker that started it.
const { readdirSync, readFileSync } = require('node:fs');

const checker = Number(process.argv[2]);
const remembered = new Set();

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parents() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      table.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while we looked.
    }
  }
  return table;
}

function scan() {
  const table = parents();
  const forks = [...table].filter(([pid, parent]) => {
    if (parent !== checker) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workers/forks');
    } catch {
      return false;
    }
  });
  const queue = forks.map(([pid]) => pid);
  while (queue.length > 0) {
    const pid = queue.pop();
    if (pid === process.pid) continue;
    remembered.add(pid);
    for (const [child, parent] of table) if (parent === pid) queue.push(child);
  }
}

setInterval(() => {
  if (alive(checker)) {
    scan();
    for (const pid of remembered) if (!alive(pid)) remembered.delete(pid);
    return;
  }
  for (const pid of remembered) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
}, 300);
