import { existsSync, lstatSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { ChapterSpec } from '../manifest/types.ts';
import { isLearnerFolder, learnerIntake } from './learner-tree.ts';
import type { LeftOut } from './learner-tree.ts';
import type { LeftOutWhy } from '../usage/intake-words.ts';

/** How reports name every student's (and every Gradescope submission's) chapters folder, so identical contents give identical reports. */
export const SHOWN_AS = 'chapters';

/** A folder the user asked to grade: where its chapter folders really are, and how messages name its files. */
export interface GradedTarget {
  /** The folder as the user named it. */
  given: string;
  /** Absolute folder holding the chapter folders: the given folder, or its chapters/ in a copy of the repository. */
  chaptersDir: string;
  /** How messages name the chapters folder, such as `chapters`; unset means its path as seen from the current folder. */
  shownAs?: string;
}

/** True when FOLDER holds at least one chapter folder as a real folder (lstat: a link to one does not count). */
export function holdsChapterFolders(folder: string, chapters: readonly ChapterSpec[]): boolean {
  return chapters.some((chapter) => isLearnerFolder(join(folder, chapter.dir)));
}

/**
 * Finds where the chapter folders of DIR are: DIR itself, or DIR/chapters for a whole copy of the repository. DIR is
 * the user's own choice; below it nothing is followed: a `chapters` or chapter folder that is a link counts as absent.
 */
export function gradedTarget(dir: string, chapters: readonly ChapterSpec[], shownAs?: string): GradedTarget {
  const absolute = resolve(dir);
  const nested = join(absolute, 'chapters');
  // lstat of nested/01-… alone would pass through a link at nested itself: every part below DIR is checked.
  const chaptersDir = !holdsChapterFolders(absolute, chapters) && isLearnerFolder(nested) && holdsChapterFolders(nested, chapters) ? nested : absolute;
  return { given: dir, chaptersDir, ...(shownAs !== undefined ? { shownAs } : {}) };
}

/** The absolute folder of one chapter of the target. */
export function chapterFolder(target: GradedTarget, chapter: Pick<ChapterSpec, 'dir'>): string {
  return join(target.chaptersDir, chapter.dir);
}

/** How messages name a path inside the target's chapters folder (given relative to it): relative to the current folder when inside it. */
export function shownPath(target: GradedTarget, inside: string): string {
  if (target.shownAs !== undefined) return join(target.shownAs, inside);
  const original = join(target.chaptersDir, inside);
  const fromCwd = relative(process.cwd(), original);
  return fromCwd.startsWith('..') ? original : fromCwd;
}

/** Why a course path that should be a folder was not taken: a link or a special file there; null for a folder or nothing. */
export function notAFolder(path: string): LeftOutWhy | null {
  try {
    const stats = lstatSync(path);
    if (stats.isDirectory()) return null;
    return stats.isSymbolicLink() ? 'link' : stats.isFile() ? null : 'special';
  } catch {
    return null;
  }
}

/**
 * Everything at the course's own paths of a target that grading leaves out, named as messages name the target's files
 * (`chapters/chapters`, `chapters/01-mini-mcp/x.ts`): a link or special file where `chapters` or a chapter folder would
 * be, and inside each chapter folder what learnerIntake leaves out.
 */
export function leftOutOf(target: GradedTarget, chapters: readonly ChapterSpec[]): LeftOut[] {
  const found: LeftOut[] = [];
  const at = (inside: string) => shownPath(target, inside);
  const here = notAFolder(join(target.chaptersDir, 'chapters'));
  if (here) found.push({ name: at('chapters'), why: here });
  // No chapters anywhere and a real chapters/ in the folder named: what stood in it, such as chapters/chapters -> elsewhere.
  const nested = join(target.chaptersDir, 'chapters');
  if (!holdsChapterFolders(target.chaptersDir, chapters) && isLearnerFolder(nested)) {
    for (const name of ['chapters', ...chapters.map((chapter) => chapter.dir)]) {
      const why = notAFolder(join(nested, name));
      if (why) found.push({ name: at(`chapters/${name}`), why });
    }
  }
  for (const chapter of chapters) {
    const folder = chapterFolder(target, chapter);
    const why = notAFolder(folder);
    if (why) found.push({ name: at(chapter.dir), why });
    else for (const entry of learnerIntake(folder).leftOut) found.push({ name: at(`${chapter.dir}/${entry.name}`), why: entry.why });
  }
  return found;
}

/** True when a folder holds chapter folders, itself or in its chapters/ (a copy of the course or one student's work); links below it are never followed. */
export function holdsChapters(dir: string, chapters: readonly ChapterSpec[]): boolean {
  return holdsChapterFolders(gradedTarget(dir, chapters).chaptersDir, chapters);
}

/** True for a folder, or a link to one: only for a path the grader was given (the submissions folder, Gradescope's submission folder), never inside a submission. */
export function isFolder(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isDirectory();
  } catch {
    return false;
  }
}
