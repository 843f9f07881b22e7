import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Selected } from '../checker/course/course.ts';
import type { ChapterSpec } from '../checker/manifest/types.ts';
import { REPO_ROOT } from '../checker/course/files.ts';

/** A throwaway project outside the repository where StrykerJS runs: the solutions laid out as chapters/, beside the suites. */
export interface Workspace {
  root: string;
  dispose(): void;
}

/**
 * Builds the project the suites expect. The suites import `../../../chapters/<dir>/…`, and the checker fills that
 * folder with the learner's copy in its scratch folder; here it is filled with the solutions, so the suites grade the
 * solutions unchanged and nothing is ever written into the repository.
 */
export function createWorkspace(chapters: readonly ChapterSpec[], selected: readonly Selected[]): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'mcp-mutate-'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'mcp-mutate-workspace', private: true, type: 'module' }));
  cpSync(join(REPO_ROOT, 'checker', 'suites', '_lib'), join(root, 'checker', 'suites', '_lib'), { recursive: true });
  for (const chapter of chapters) {
    cpSync(join(REPO_ROOT, 'solutions', chapter.dir), join(root, 'chapters', chapter.dir), { recursive: true });
    cpSync(join(REPO_ROOT, 'checker', 'suites', chapter.dir), join(root, 'checker', 'suites', chapter.dir), { recursive: true });
  }
  // A suite that grades learner files it starts as processes (`spawns`) cannot kill a mutant: the mutant switch lives in
  // this test process, never in the child. Running it would only add the children's start-up to every mutant's run.
  const inProcess = selected.filter(({ exercise }) => (exercise.spawns ?? []).length === 0);
  const suites = (inProcess.length > 0 ? inProcess : selected).map(({ chapter, exercise }) => `checker/suites/${chapter.dir}/${exercise.suite}`);
  const config = { test: { include: suites, testTimeout: 5_000, hookTimeout: 5_000 } };
  writeFileSync(join(root, 'vitest.config.mjs'), `export default ${JSON.stringify(config)};\n`);
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}
