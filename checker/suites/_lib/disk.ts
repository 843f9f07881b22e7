import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { learnerCaller, placeOfCaller } from './place.ts';
import { bridged, startLearnerWatch, stopLearnerWatch } from './bridge.ts';

/** The node:fs functions that read a file or look at a path, in their sync and callback forms; a watch records every path they get. */
const DISK_FUNCTIONS = [
  'readFileSync', 'openSync', 'existsSync', 'statSync', 'lstatSync', 'accessSync', 'readdirSync', 'realpathSync',
  'readFile', 'open', 'exists', 'stat', 'lstat', 'access', 'readdir', 'realpath', 'createReadStream', 'opendir', 'opendirSync',
] as const;

/** The same in node:fs/promises (fs.promises), so a read awaited before a check is seen as one read synchronously. */
const PROMISE_FUNCTIONS = ['readFile', 'open', 'stat', 'lstat', 'access', 'readdir', 'realpath', 'opendir'] as const;

/**
 * A watch on node:fs: the paths under one folder that were read or looked at since it began, and the learner's
 * file:line that touched the first of them (Failure.where), when the call came from the learner's chapters.
 */
interface Watch {
  touched: string[];
  readonly readAt: string | undefined;
  stop(): void;
}

/**
 * Starts recording every path under `near` that the process reads or looks at through node:fs or node:fs/promises,
 * sync, callback or awaited, whichever way the learner imported it (named imports follow, through syncBuiltinESMExports). `stop` puts node:fs back as it was.
 */
function startWatch(near: string): Watch {
  const touched: string[] = [];
  let readAt: string | undefined;
  const within = resolve(near);
  const replaced: { module: Record<string, unknown>; name: string; original: unknown }[] = [];
  const watch = (module: Record<string, unknown>, names: readonly string[]): void => {
    for (const name of names) {
      const original = module[name];
      if (typeof original !== 'function') continue;
      const watched = function (this: unknown, ...args: unknown[]): unknown {
        const target = args[0];
        const path = target instanceof URL ? fileURLToPath(target) : typeof target === 'string' || Buffer.isBuffer(target) ? resolve(String(target)) : undefined;
        if (path !== undefined && (path === within || path.startsWith(`${within}${sep}`)) && !touched.includes(path)) {
          touched.push(path);
          // The learner's line that made the first read: the place a "read before the check" failure points at.
          if (touched.length === 1) {
            try {
              readAt = placeOfCaller();
            } catch {
              // A stack that cannot be read (learner code replaced Error's hooks) places nothing.
            }
          }
        }
        return (original as (...inner: unknown[]) => unknown).apply(this, args);
      };
      Object.assign(watched, original);
      module[name] = watched;
      replaced.push({ module, name, original });
    }
  };
  watch(fs as unknown as Record<string, unknown>, DISK_FUNCTIONS);
  watch(fs.promises as unknown as Record<string, unknown>, PROMISE_FUNCTIONS);
  syncBuiltinESMExports();
  return {
    touched,
    get readAt() {
      return readAt;
    },
    stop: () => {
      for (const { module, name, original } of replaced) module[name] = original;
      syncBuiltinESMExports();
    },
  };
}

/** What a watched run gave: its value, the paths it touched, and the learner's file:line of the first touch, if known. */
export interface Watched<T> {
  value: T;
  touched: string[];
  readAt?: string;
}

/**
 * Starts a watch in this process and, when learner code runs in a process of its own (bridge.ts), in that process
 * too. What the learner process reports is learner-written: a path it says it touched can only fail a test (a read
 * before the check), and a report it withholds passes nothing that the reply itself does not pass.
 */
function startBoth(near: string): () => { touched: string[]; readAt?: string } {
  const watch = startWatch(near);
  const remote = bridged();
  if (remote) startLearnerWatch(near);
  return () => {
    watch.stop();
    const far = remote ? stopLearnerWatch() : { touched: [] };
    const within = resolve(near);
    const touched = [...watch.touched, ...far.touched.filter((path) => (path === within || path.startsWith(`${within}${sep}`)) && !watch.touched.includes(path))];
    const readAt = watch.readAt ?? (far.stack === undefined ? undefined : learnerCaller(far.stack));
    return { touched, ...(readAt === undefined ? {} : { readAt }) };
  };
}

/** Runs fn while watching the disk under `near`; returns fn's value and the paths touched, and always restores node:fs. */
export function watchDisk<T>(near: string, fn: () => T): Watched<T> {
  const stop = startBoth(near);
  let seen: { touched: string[]; readAt?: string } | undefined;
  try {
    const value = fn();
    seen = stop();
    return { value, ...seen };
  } finally {
    if (!seen) stop();
  }
}

/** watchDisk for a function that returns a promise: the watch lasts until the promise settles. */
export async function watchDiskWhile<T>(near: string, fn: () => Promise<T>): Promise<Watched<T>> {
  const stop = startBoth(near);
  let seen: { touched: string[]; readAt?: string } | undefined;
  try {
    const value = await fn();
    seen = stop();
    return { value, ...seen };
  } finally {
    if (!seen) stop();
  }
}
