// Loaded with --require into every process that runs learner code, before any of it runs.
// Node's permission model does not cover signals, so learner code could kill the checker or another
// student's worker. Here process.kill and its internal twin may signal only this process itself.
// It also names the refused path in the message of a file-system refusal: Node keeps the path on the
// error's `resource` field only, and a learner's handler that turns an error into a reply keeps the message.
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

/** Adds the refused path to a permission refusal's message, once; any other value is left as it is. */
function named(error) {
  if (error && error.code === 'ERR_ACCESS_DENIED' && typeof error.resource === 'string' && error.resource !== '' && typeof error.message === 'string' && !error.message.includes(error.resource)) {
    try {
      // Node 22+ ends its message with a sentence on flags; the path follows it without a second full stop.
      error.message = `${error.message.replace(/\.$/, '')}: ${error.resource}`;
    } catch {
      // A frozen error keeps its message.
    }
  }
  return error;
}

/** The same function, with a refusal it throws, rejects with or calls back with named; its own properties (realpath.native, promisify.custom) kept. */
function naming(original) {
  const wrapped = function (...args) {
    const last = args.length - 1;
    if (last >= 0 && typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = function (error, ...rest) {
        return callback.call(this, named(error), ...rest);
      };
    }
    let result;
    try {
      result = original.apply(this, args);
    } catch (error) {
      throw named(error);
    }
    if (result && typeof result.then === 'function' && typeof result.catch === 'function') {
      return result.then(undefined, (error) => {
        throw named(error);
      });
    }
    return result;
  };
  for (const key of Reflect.ownKeys(original)) {
    if (key === 'length' || key === 'name' || key === 'prototype') continue;
    const descriptor = Object.getOwnPropertyDescriptor(original, key);
    if (descriptor) Object.defineProperty(wrapped, key, descriptor);
  }
  Object.defineProperty(wrapped, 'name', { value: original.name });
  return wrapped;
}

// These take a listener, not an error-first completion callback: a wrapper would be a new function, so
// unwatchFile(f, listener) or watcher.removeListener('change', listener) would no longer find the learner's own.
// exists calls back with a boolean, never an error, so there is nothing to name.
const LISTENER_APIS = new Set(['watch', 'watchFile', 'unwatchFile', 'exists']);

/** Wraps the plain functions of a file-system module in place; classes (names with a capital), listener APIs and non-functions stay. */
function nameRefusals(module) {
  for (const key of Object.keys(module)) {
    const value = module[key];
    if (typeof value !== 'function' || /^[A-Z]/.test(key) || LISTENER_APIS.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(module, key);
    if (!descriptor || !descriptor.writable || !descriptor.configurable) continue;
    module[key] = naming(value);
  }
}

const fs = require('node:fs');
nameRefusals(fs);
nameRefusals(fs.promises);
// ES module imports of node:fs read the builtin's exports as they were at start-up unless told again.
require('node:module').syncBuiltinESMExports();
