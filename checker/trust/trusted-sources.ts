import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Module sources by their scratch path, read before any learner code runs: the suites, and a snapshot of the learner files. */
export type TrustedSources = Map<string, string>;

/** Reads a suite file once, from the trusted repository, into the map the guard serves from. */
export function trust(sources: TrustedSources, scratchPath: string, trustedPath: string): void {
  sources.set(scratchPath, readFileSync(trustedPath, 'utf8'));
}

/**
 * A Vite plugin that serves every suite, and every learner file as it was copied, from memory, so learner
 * code that rewrites a suite, a helper or another student's files in the scratch folder changes nothing that runs.
 */
export function suiteGuard(sources: TrustedSources): Plugin {
  return {
    name: 'checker-suite-guard',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0] ?? id;
      return sources.get(path) ?? null;
    },
  };
}
