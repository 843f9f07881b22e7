import type { ChapterEntry, ChapterSpec } from './types.ts';

/** How a chapter manifest file is named: the chapter folder's name, such as `01-mini-mcp.ts`. */
export const CHAPTER_FILE = /^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

/** A manifest file that does not follow the convention; the message names the file and the fix. */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** The marker a manifest may leave out: `TODO(<exercise id>)`, such as `TODO(01/3)`. */
export function todoMarker(exerciseId: string): string {
  return `TODO(${exerciseId})`;
}

/**
 * Checks what the manifest file `file` (a name inside checker/manifest/) exported as `chapter`, and fills in the
 * derived fields. Throws ManifestError when the file name, the chapter folder and the ids disagree.
 */
export function resolveChapter(file: string, entry: ChapterEntry | undefined): ChapterSpec {
  const where = `checker/manifest/${file}`;
  const named = CHAPTER_FILE.exec(file);
  if (!named) throw new ManifestError(`${where}: a chapter manifest is named after its chapter folder, two digits and a kebab-case slug, such as 01-mini-mcp.ts.`);
  if (entry === undefined) throw new ManifestError(`${where}: export the chapter as \`export const chapter: ChapterEntry = { ... }\`.`);
  const dir = file.slice(0, -'.ts'.length);
  if (entry.dir !== dir) throw new ManifestError(`${where}: dir is '${entry.dir}', but the file name says '${dir}'; they must be the same.`);
  if (entry.id !== named[1]) throw new ManifestError(`${where}: id is '${entry.id}', but the folder '${dir}' says '${named[1]}'.`);
  if (entry.exercises.length === 0) throw new ManifestError(`${where}: a chapter needs at least one exercise.`);
  const seen = new Set<string>();
  for (const exercise of entry.exercises) {
    if (!new RegExp(`^${entry.id}/[1-9]\\d*$`).test(exercise.id)) {
      throw new ManifestError(`${where}: exercise id '${exercise.id}' should be '${entry.id}/<n>', such as '${entry.id}/1'.`);
    }
    for (const lang of ['ko', 'en'] as const) {
      if (typeof exercise.rule?.[lang] !== 'string' || exercise.rule[lang].trim() === '') {
        throw new ManifestError(`${where}: exercise ${exercise.id} needs rule.${lang}: one sentence naming the property the exercise teaches, which its suite tests over a range of cases.`);
      }
    }
    if (seen.has(exercise.id)) throw new ManifestError(`${where}: exercise id '${exercise.id}' is used twice.`);
    seen.add(exercise.id);
  }
  return {
    ...entry,
    exercises: entry.exercises.map((exercise) => ({
      ...exercise,
      todo: { file: exercise.todo.file, marker: exercise.todo.marker ?? todoMarker(exercise.id), ...(exercise.todo.symbol ? { symbol: exercise.todo.symbol } : {}) },
    })),
  };
}

/** Checks that no two chapters share an id; returns them unchanged. */
export function distinctChapters(chapters: readonly ChapterSpec[]): readonly ChapterSpec[] {
  for (const [index, chapter] of chapters.entries()) {
    const other = chapters.slice(0, index).find((earlier) => earlier.id === chapter.id);
    if (other) throw new ManifestError(`checker/manifest: ${other.dir}.ts and ${chapter.dir}.ts both have chapter id ${chapter.id}; give each chapter its own number.`);
  }
  return chapters;
}
