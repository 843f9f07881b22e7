import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distinctChapters, resolveChapter } from '../manifest/resolve.ts';
import type { ChapterEntry, ChapterSpec, ExerciseSpec } from '../manifest/types.ts';

/** The folder of a course (a folder laid out like this repository) that holds one manifest file per chapter: `checker/manifest/01-mini-mcp.ts`. */
export function manifestDir(courseRoot: string): string {
  return join(courseRoot, 'checker', 'manifest');
}

/** The folder of a course that holds each chapter's hidden suites, `checker/suites/<chapter dir>/`. */
export function suitesDir(courseRoot: string): string {
  return join(courseRoot, 'checker', 'suites');
}

/**
 * Every chapter of the course at `courseRoot`, in order: each manifest file (a name starting with a digit) of its
 * checker/manifest/, in file-name order; other files there are helpers. The entry points load it once and pass it down.
 */
export async function loadChapters(courseRoot: string): Promise<readonly ChapterSpec[]> {
  const dir = manifestDir(courseRoot);
  const files = readdirSync(dir).filter((name) => /^\d/.test(name)).sort();
  const chapters: ChapterSpec[] = [];
  for (const file of files) {
    const loaded = (await import(pathToFileURL(join(dir, file)).href)) as { chapter?: ChapterEntry };
    chapters.push(resolveChapter(file, loaded.chapter));
  }
  return distinctChapters(chapters);
}

/** An exercise together with the chapter it belongs to. */
export interface Selected {
  chapter: ChapterSpec;
  exercise: ExerciseSpec;
}

/** Every exercise of these chapters, in course order. */
export function allExercises(chapters: readonly ChapterSpec[]): Selected[] {
  return chapters.flatMap((chapter) => chapter.exercises.map((exercise) => ({ chapter, exercise })));
}

/** Every id a learner may type: chapter ids and exercise ids. */
export function validIds(chapters: readonly ChapterSpec[]): string[] {
  return chapters.flatMap((chapter) => [chapter.id, ...chapter.exercises.map((exercise) => exercise.id)]);
}

/** Turns `01` or `01/3` selectors into exercises; unknown selectors are returned so the caller can complain. */
export function selectExercises(
  selectors: readonly string[],
  chapters: readonly ChapterSpec[],
): { selected: Selected[]; unknown: string[] } {
  const all = allExercises(chapters);
  if (selectors.length === 0) return { selected: all, unknown: [] };
  const ids = validIds(chapters);
  const unknown = selectors.filter((selector) => !ids.includes(normalize(selector, chapters)));
  const wanted = new Set(selectors.map((selector) => normalize(selector, chapters)));
  const selected = all.filter(
    ({ chapter, exercise }) => wanted.has(chapter.id) || wanted.has(exercise.id),
  );
  return { selected, unknown };
}

/** Accepts `1/3` and `01/3` alike, and a chapter folder name such as `01-mini-mcp`. */
function normalize(selector: string, chapters: readonly ChapterSpec[]): string {
  const trimmed = selector.trim().replace(/\/+$/, '');
  const folder = chapters.find((chapter) => chapter.dir === trimmed);
  if (folder) return folder.id;
  const match = /^(\d{1,2})(?:\/(\d+))?$/.exec(trimmed);
  if (!match) return trimmed;
  const chapter = match[1]!.padStart(2, '0');
  return match[2] === undefined ? chapter : `${chapter}/${match[2]}`;
}
