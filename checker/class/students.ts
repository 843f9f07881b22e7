import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ChapterSpec } from '../manifest/types.ts';
import { gradedTarget } from '../target.ts';
import type { GradedTarget } from '../target.ts';

/** How reports name every student's chapters folder, so identical contents give identical reports. */
export const SHOWN_AS = 'chapters';

/** Why a student folder cannot be graded at all. */
export type StudentProblem = 'not-folder' | 'empty' | 'no-chapters';

/** One subfolder of the submissions folder. */
export interface Student {
  /** The subfolder's name. */
  name: string;
  /** The subfolder as the instructor named it (submissions folder joined with the name). */
  dir: string;
  /** Where its chapter folders are (the subfolder itself or its chapters/), shown as `chapters`; null when there are none. */
  learner: GradedTarget | null;
  problem: StudentProblem | null;
}

/** Every subfolder of the submissions folder (dot entries skipped), in natural name order, with where its chapters are. */
export function findStudents(submissions: string, chapters: readonly ChapterSpec[]): Student[] {
  const names = readdirSync(submissions)
    .filter((name) => !name.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return names.map((name) => {
    const dir = join(submissions, name);
    if (!isFolder(dir)) return { name, dir, learner: null, problem: 'not-folder' };
    if (readdirSync(dir).length === 0) return { name, dir, learner: null, problem: 'empty' };
    const learner = gradedTarget(dir, chapters, SHOWN_AS);
    const holds = chapters.some((chapter) => isFolder(join(learner.chaptersDir, chapter.dir)));
    return holds ? { name, dir, learner, problem: null } : { name, dir, learner: null, problem: 'no-chapters' };
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
