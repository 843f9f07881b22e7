import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { ChapterSpec } from '../manifest/types.ts';

/** A folder the user asked to grade: where its chapter folders really are, and how messages name its files. */
export interface GradedTarget {
  /** The folder as the user named it. */
  given: string;
  /** Absolute folder holding the chapter folders: the given folder, or its chapters/ in a copy of the repository. */
  chaptersDir: string;
  /** How messages name the chapters folder, such as `chapters`; unset means its path as seen from the current folder. */
  shownAs?: string;
}

/** Finds where the chapter folders of DIR are: DIR itself, or DIR/chapters for a whole copy of the repository. */
export function gradedTarget(dir: string, chapters: readonly ChapterSpec[], shownAs?: string): GradedTarget {
  const absolute = resolve(dir);
  const holds = (folder: string) => chapters.some((chapter) => existsSync(join(folder, chapter.dir)));
  const nested = join(absolute, 'chapters');
  const chaptersDir = !holds(absolute) && holds(nested) ? nested : absolute;
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
