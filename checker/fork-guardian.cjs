// Preloaded into every vitest fork that runs learner code. A helper thread keeps watching even while
// the main thread is stuck in a synchronous loop: when the checker that started the fork is gone
// (the fork was re-parented), or the fork outlives its hard limit, it kills the fork.
const { Worker } = require('node:worker_threads');

const limitMs = Number(process.env.CHECKER_FORK_LIMIT_MS || 60000);
const watcher = new Worker(
  `const { workerData } = require('node:worker_threads');
   const started = Date.now();
   setInterval(() => {
     if (process.ppid !== workerData.parent || Date.now() - started > workerData.limitMs) {
       process.kill(workerData.self, 'SIGKILL');
     }
   }, 250);`,
  { eval: true, workerData: { parent: process.ppid, self: process.pid, limitMs } },
);
watcher.unref();
