// Started next to the checker as its own process. It remembers the vitest forks the checker starts, and any
// process started from them, and once the checker is gone (even after SIGKILL) kills those still running,
// so a learner's endless loop never outlives the checker that started it.
const { processTable, vitestForks } = require('./proc.cjs');

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

function scan() {
  const table = processTable();
  const queue = vitestForks(checker, table);
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
