import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { committedStarters } from './starters.ts';

/**
 * The starter files a chapter folder lacks (deleted, renamed, or replaced by a link), such as `model.ts`: the code
 * the suites load, and data files beside it; the lesson in each language (README.md, README.en.md) is left out, since
 * no code reads it.
 * A chapter the index does not know (a course author's chapter before `npm run starters`) lacks nothing.
 */
export function missingStarterFiles(chapterDir: string, chapterName: string): string[] {
  // No index yet (a course being recorded for the first time by npm run starters): nothing can be missing from it.
  return Object.keys(committedStarters()[chapterName] ?? {}).filter((file) => !isLesson(file) && !isPlainFile(join(chapterDir, file)));
}

/** True for a chapter's lesson in any language: README.md, or an edition such as README.en.md. */
function isLesson(file: string): boolean {
  return /^README(\.[a-z]{2})?\.md$/.test(file);
}

/** True for a regular file by lstat: a link where a starter file should be is never followed, so that file counts as missing. */
function isPlainFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** True when a compiler error only repeats that a missing starter file cannot be found (TS2307 on its import). */
export function isMissingImport(problem: { code: string; message: string }, missing: readonly string[]): boolean {
  if (problem.code !== 'TS2307') return false;
  return missing.some((file) => {
    const stem = file.replace(/\.[cm]?[jt]s$/, '');
    return [`'./${stem}'`, `'./${stem}.ts'`, `'./${stem}.js'`].some((specifier) => problem.message.includes(specifier));
  });
}
