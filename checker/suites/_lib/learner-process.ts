import { basename, dirname, join } from 'node:path';

/** The environment variable that tells a suite how to start a learner file as a sandboxed process: `[node, ...flags]` as JSON. */
export const LEARNER_NODE_ENV = 'CHECKER_LEARNER_NODE';

/**
 * Where the checker puts the bundle of a learner entry point: beside it as `.checker-<name>.mjs`, so
 * `import.meta.dirname` still names the chapter folder. When bundling failed, `<bundle>.error` holds the reason.
 */
export function bundlePath(entry: string): string {
  return join(dirname(entry), `.checker-${basename(entry, '.ts')}.mjs`);
}
