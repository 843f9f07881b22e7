import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '../usage/messages.ts';

/** A lesson as messages point at it: its file as the learner names it, and the heading of the part meant, when one is. */
export interface LessonLink {
  path: string;
  heading?: string;
}

/** The largest lesson file read for a heading; a lesson is tens of kilobytes. */
const MAX_LESSON_BYTES = 1024 * 1024;

/** The text of a lesson file when it is a regular file of a lesson's size (never through a link), else undefined. */
function lessonText(path: string): string | undefined {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && stat.size <= MAX_LESSON_BYTES ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lesson a learner reading in `lang` is pointed at: README.en.md in English where the chapter folder has one, else
 * the Korean README.md. The one place the checker chooses a lesson's language.
 */
export function lessonFileName(chapterFolder: string, lang: Lang): string {
  return lang === 'en' && lessonText(join(chapterFolder, 'README.en.md')) !== undefined ? 'README.en.md' : 'README.md';
}

/** The `###` heading of an exercise's part of a lesson: the one naming its id (`05/1`), or `연습 N:` / `Exercise N:`. */
export function exerciseHeading(lesson: string, exerciseId: string): string | undefined {
  const number = Number(exerciseId.split('/')[1]);
  const id = exerciseId.replace('/', '\\/');
  const names = new RegExp(`(^|[^\\d/])${id}(?!\\d)|^(연습|Exercise) ${number}:`);
  for (const line of lesson.split('\n')) {
    const found = /^###\s+(.*?)\s*$/.exec(line);
    if (found && names.test(found[1]!)) return found[1]!;
  }
  return undefined;
}

/**
 * Where the lesson of a chapter is, in the learner's language (see lessonFileName), as messages name it under
 * `shownDir`; with an exercise id, also the heading of that exercise's part, in that lesson's own words.
 */
export function lessonLink(chapterFolder: string, shownDir: string, lang: Lang, exerciseId?: string): LessonLink {
  const file = lessonFileName(chapterFolder, lang);
  const path = join(shownDir, file);
  if (exerciseId === undefined) return { path };
  const text = lessonText(join(chapterFolder, file));
  const heading = text === undefined ? undefined : exerciseHeading(text, exerciseId);
  return heading === undefined ? { path } : { path, heading };
}
