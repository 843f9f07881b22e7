import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChapterSpec } from '../manifest/types.ts';
import { exerciseFiles } from './exercise-files.ts';
import { REPO_ROOT } from './files.ts';

/*
 * The learner's own progress, remembered between check, hint and watch runs so "next" never names an exercise already
 * passed: each exercise's last result and the hash of the files it was graded on, per graded folder. It is a
 * convenience of the learner's commands only: grade, grade:pr and Gradescope never read it, and nothing graded trusts it.
 */

/** The variable naming the progress file; empty turns progress off (the repository's tests do). */
export const PROGRESS_VARIABLE = 'CHECKER_PROGRESS';

/** The progress file's name in the repository's top folder (git ignores it). */
export const PROGRESS_FILE = '.checker-progress.json';

/** One exercise's last result: whether it passed, and the hash of its files when it was graded. */
export interface Remembered {
  passed: boolean;
  hash: string;
}

/** The progress file: by graded chapters folder (absolute), by exercise id. */
type ProgressFile = Record<string, Record<string, Remembered>>;

/** Where progress is kept, or null when it is turned off. */
export function progressPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const named = env[PROGRESS_VARIABLE];
  if (named === '') return null;
  return named === undefined ? join(REPO_ROOT, PROGRESS_FILE) : resolve(named);
}

function readProgress(path: string): ProgressFile {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ProgressFile) : {};
  } catch {
    return {};
  }
}

function writeProgress(path: string, progress: ProgressFile): void {
  // Written beside and renamed over, so two commands at once never leave half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(progress, null, 2)}\n`);
    renameSync(temporary, path);
  } catch {
    // Progress is a convenience: a folder that cannot be written changes nothing else.
  }
}

/** The hash of the files an exercise is about, as they are now (a link or a missing file counts as its name alone). */
export function exerciseHash(chapterDir: string, exercise: ChapterSpec['exercises'][number]): string {
  const hash = createHash('sha256');
  for (const file of exerciseFiles(chapterDir, exercise).sort()) {
    const path = join(chapterDir, file);
    hash.update(`${file}\0`);
    const regular = existsSync(path) && lstatSync(path).isFile();
    hash.update(regular ? readFileSync(path) : Buffer.from('-'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hashes of every exercise of the given chapters in a chapters folder, by exercise id; taken before grading, they name what was graded. */
export function hashesOf(chaptersDir: string, chapters: readonly ChapterSpec[]): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const chapter of chapters) for (const exercise of chapter.exercises) hashes.set(exercise.id, exerciseHash(join(chaptersDir, chapter.dir), exercise));
  return hashes;
}

/** Remembers each graded exercise's result with the hash of its files when it was graded. */
export function rememberResults(chaptersDir: string, results: readonly { id: string; status: string }[], hashes: ReadonlyMap<string, string>, env: NodeJS.ProcessEnv = process.env): void {
  const path = progressPath(env);
  if (!path) return;
  const progress = readProgress(path);
  const folder = { ...(progress[chaptersDir] ?? {}) };
  for (const { id, status } of results) {
    const hash = hashes.get(id);
    if (hash !== undefined) folder[id] = { passed: status === 'pass', hash };
  }
  writeProgress(path, { ...progress, [chaptersDir]: folder });
}

/** The exercises known to pass: remembered as passing, their files unchanged since. */
export function knownPassing(chaptersDir: string, chapters: readonly ChapterSpec[], env: NodeJS.ProcessEnv = process.env): Set<string> {
  const path = progressPath(env);
  const known = new Set<string>();
  if (!path || !existsSync(path)) return known;
  const folder = readProgress(path)[chaptersDir] ?? {};
  for (const chapter of chapters) {
    for (const exercise of chapter.exercises) {
      const remembered = folder[exercise.id];
      if (remembered?.passed && remembered.hash === exerciseHash(join(chaptersDir, chapter.dir), exercise)) known.add(exercise.id);
    }
  }
  return known;
}

/** Forgets one chapter's exercises (reset puts its starter back). */
export function forgetChapter(chaptersDir: string, chapter: ChapterSpec, env: NodeJS.ProcessEnv = process.env): void {
  const path = progressPath(env);
  if (!path || !existsSync(path)) return;
  const progress = readProgress(path);
  const folder = { ...(progress[chaptersDir] ?? {}) };
  for (const exercise of chapter.exercises) delete folder[exercise.id];
  writeProgress(path, { ...progress, [chaptersDir]: folder });
}
