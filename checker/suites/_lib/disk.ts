import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The node:fs functions that read a file or look at a path; a watch records every path they get. */
const DISK_FUNCTIONS = ['readFileSync', 'openSync', 'existsSync', 'statSync', 'lstatSync', 'accessSync', 'readdirSync', 'realpathSync'] as const;

/** A watch on node:fs: the paths under one folder that were read or looked at since it began. */
interface Watch {
  touched: string[];
  stop(): void;
}

/**
 * Starts recording every path under `near` that the process reads or looks at through node:fs, whichever way the
 * learner imported it (named imports follow, through syncBuiltinESMExports). `stop` puts node:fs back as it was.
 */
function startWatch(near: string): Watch {
  const touched: string[] = [];
  const within = resolve(near);
  const module = fs as unknown as Record<string, unknown>;
  const originals = new Map(DISK_FUNCTIONS.map((name) => [name, module[name]] as const));
  for (const [name, original] of originals) {
    if (typeof original !== 'function') continue;
    const watched = function (this: unknown, ...args: unknown[]): unknown {
      const target = args[0];
      const path = target instanceof URL ? fileURLToPath(target) : typeof target === 'string' || Buffer.isBuffer(target) ? resolve(String(target)) : undefined;
      if (path !== undefined && (path === within || path.startsWith(`${within}${sep}`)) && !touched.includes(path)) touched.push(path);
      return (original as (...inner: unknown[]) => unknown).apply(this, args);
    };
    Object.assign(watched, original);
    module[name] = watched;
  }
  syncBuiltinESMExports();
  return {
    touched,
    stop: () => {
      for (const [name, original] of originals) module[name] = original;
      syncBuiltinESMExports();
    },
  };
}

/** Runs fn while watching the disk under `near`; returns fn's value and the paths touched, and always restores node:fs. */
export function watchDisk<T>(near: string, fn: () => T): { value: T; touched: string[] } {
  const watch = startWatch(near);
  try {
    return { value: fn(), touched: watch.touched };
  } finally {
    watch.stop();
  }
}

/** watchDisk for a function that returns a promise: the watch lasts until the promise settles. */
export async function watchDiskWhile<T>(near: string, fn: () => Promise<T>): Promise<{ value: T; touched: string[] }> {
  const watch = startWatch(near);
  try {
    return { value: await fn(), touched: watch.touched };
  } finally {
    watch.stop();
  }
}
