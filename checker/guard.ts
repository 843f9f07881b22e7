import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Trusted suite sources by their scratch path, read before any learner code runs. */
export type TrustedSources = Map<string, string>;

/** Reads a suite file once, from the trusted repository, into the map the guard serves from. */
export function trust(sources: TrustedSources, scratchPath: string, trustedPath: string): void {
  sources.set(scratchPath, readFileSync(trustedPath, 'utf8'));
}

/**
 * A Vite plugin that serves every suite from memory, so learner code that rewrites
 * the scratch copy of a suite (or the helpers) on disk changes nothing that runs.
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
