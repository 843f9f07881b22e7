import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ChapterSpec } from '../manifest/types.ts';
import { resolveChaptersDir } from '../scratch.ts';

/** Why a student folder cannot be graded at all. */
export type StudentProblem = 'not-folder' | 'empty' | 'no-chapters';

/** One subfolder of the submissions folder. */
export interface Student {
  /** The subfolder's name. */
  name: string;
  /** The subfolder as the instructor named it (submissions folder joined with the name). */
  dir: string;
  /** The folder holding the chapter folders: the subfolder itself or its chapters/; null when there is none. */
  chaptersDir: string | null;
  problem: StudentProblem | null;
}

/** Every subfolder of the submissions folder (dot entries skipped), in natural name order, with where its chapters are. */
export function findStudents(submissions: string, chapters: readonly ChapterSpec[]): Student[] {
  const names = readdirSync(submissions)
    .filter((name) => !name.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return names.map((name) => {
    const dir = join(submissions, name);
    if (!isFolder(dir)) return { name, dir, chaptersDir: null, problem: 'not-folder' };
    if (readdirSync(dir).length === 0) return { name, dir, chaptersDir: null, problem: 'empty' };
    const chaptersDir = resolveChaptersDir(dir, chapters);
    const holds = chapters.some((chapter) => isFolder(join(chaptersDir, chapter.dir)));
    return holds ? { name, dir, chaptersDir, problem: null } : { name, dir, chaptersDir: null, problem: 'no-chapters' };
  });
}

/** True for a folder, or a link to one. */
export function isFolder(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isDirectory();
  } catch {
    return false;
  }
}
