// Loaded with --require into every process that runs learner code, before any of it runs.
// Node's permission model does not cover signals, so learner code could kill the checker or another
// student's worker. Here process.kill and its internal twin may signal only this process itself.
'use strict';

const self = process.pid;

function guard(original) {
  return function kill(pid, signal) {
    if (Number(pid) !== self) {
      const error = new Error(`Access to this API has been restricted: sending a signal to process ${pid}`);
      error.code = 'ERR_ACCESS_DENIED';
      error.permission = 'Signal';
      error.resource = String(pid);
      throw error;
    }
    return original.call(process, pid, signal);
  };
}

for (const name of ['kill', '_kill']) {
  const original = process[name];
  if (typeof original !== 'function') continue;
  Object.defineProperty(process, name, { value: guard(original), writable: false, configurable: false, enumerable: false });
}
