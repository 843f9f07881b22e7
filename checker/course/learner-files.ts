import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentCourseRoot } from './files.ts';
import type { StarterIndex } from './starters.ts';

/**
 * The committed starter index of each course graded (its checker/starters.json), read once: which files each chapter folder starts with.
 * Read here rather than through starters.ts, which loads grading (and so this module) while it runs as a script.
 */
const indexes = new Map<string, StarterIndex>();

/**
 * The starter files a chapter folder lacks (deleted or renamed by the learner), such as `model.ts`: the code
 * the suites load, and data files beside it; the lesson (README.md) is left out, since no code reads it.
 * A chapter the index does not know (a course author's chapter before `npm run starters`) lacks nothing.
 */
export function missingStarterFiles(chapterDir: string, chapterName: string): string[] {
  // No index yet (a course being recorded for the first time by npm run starters): nothing can be missing from it.
  const file = join(currentCourseRoot(), 'checker', 'starters.json');
  const index = indexes.get(file) ?? (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StarterIndex) : {});
  indexes.set(file, index);
  return Object.keys(index[chapterName] ?? {}).filter((file) => file !== 'README.md' && !existsSync(join(chapterDir, file)));
}

/** True when a compiler error only repeats that a missing starter file cannot be found (TS2307 on its import). */
export function isMissingImport(problem: { code: string; message: string }, missing: readonly string[]): boolean {
  if (problem.code !== 'TS2307') return false;
  return missing.some((file) => {
    const stem = file.replace(/\.[cm]?[jt]s$/, '');
    return [`'./${stem}'`, `'./${stem}.ts'`, `'./${stem}.js'`].some((specifier) => problem.message.includes(specifier));
  });
}
