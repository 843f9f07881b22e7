import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHAPTERS } from '../../checker/course/current.ts';
import type { ChapterSpec } from '../../checker/manifest/types.ts';
import type { ChapterOutput, Fixture, RightAnswer } from '../fixtures/types.ts';
import { REPO } from './run.ts';

/** The folder holding one fixtures file per chapter, named like the chapter folder: `test/fixtures/01-mini-mcp.ts`. */
export const FIXTURES_DIR = join(REPO, 'test', 'fixtures');

/** A chapter with what its fixtures file exports: `fixtures` (wrong answers), `rights` (right answers, when it has them) and `output` (what main.ts prints). */
interface ChapterFixtures {
  chapter: ChapterSpec;
  fixtures: Fixture[];
  /** Left out by a chapter that has no right answers yet; exercises.test.ts then says so instead of proving them. */
  rights?: RightAnswer[];
  output: ChapterOutput;
}

/** Loads `test/fixtures/<dir>.ts` for a chapter of the manifest; throws, naming the file and the fix, when it breaks the convention. */
async function loadFixtures(chapter: ChapterSpec): Promise<ChapterFixtures> {
  const where = `test/fixtures/${chapter.dir}.ts`;
  const file = join(FIXTURES_DIR, `${chapter.dir}.ts`);
  if (!existsSync(file)) throw new Error(`${where} is missing: each chapter in checker/manifest/ has a fixtures file exporting \`fixtures\` and \`output\`.`);
  const loaded = (await import(pathToFileURL(file).href)) as Partial<ChapterFixtures>;
  if (!Array.isArray(loaded.fixtures) || loaded.output === undefined) throw new Error(`${where} must export \`fixtures: Fixture[]\` and \`output: ChapterOutput\`.`);
  if (loaded.rights !== undefined && !Array.isArray(loaded.rights)) throw new Error(`${where}: \`rights\`, when exported, must be a RightAnswer[].`);
  for (const fixture of [...loaded.fixtures, ...(loaded.rights ?? [])]) {
    if (!chapter.exercises.some((exercise) => exercise.id === fixture.exercise)) {
      throw new Error(`${where}: fixture ${fixture.name} is for exercise ${fixture.exercise}, which is not in chapter ${chapter.id}.`);
    }
  }
  return { chapter, fixtures: loaded.fixtures, ...(loaded.rights ? { rights: loaded.rights } : {}), output: loaded.output };
}

/**
 * The chapters the course proofs (course.test.ts, exercises.test.ts) cover: every chapter, or only those whose ids
 * COURSE_CHAPTERS lists (such as `03` or `03,04`), so an author can prove one chapter quickly while writing it.
 */
export const PROVEN_CHAPTERS: readonly ChapterSpec[] = provenChapters(process.env['COURSE_CHAPTERS'] ?? '');

function provenChapters(list: string): readonly ChapterSpec[] {
  const wanted = list.split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (wanted.length === 0) return CHAPTERS;
  const unknown = wanted.filter((id) => !CHAPTERS.some((chapter) => chapter.id === id));
  if (unknown.length > 0) throw new Error(`COURSE_CHAPTERS names ${unknown.join(', ')}, but checker/manifest/ has no such chapter.`);
  return CHAPTERS.filter((chapter) => wanted.includes(chapter.id));
}

/** Every proven chapter with its fixtures file, in course order. */
export const CHAPTER_FIXTURES: readonly ChapterFixtures[] = await Promise.all(PROVEN_CHAPTERS.map(loadFixtures));

/** Every wrong-answer fixture of the proven chapters. */
export const FIXTURES: readonly Fixture[] = CHAPTER_FIXTURES.flatMap((entry) => entry.fixtures);

/** Every right-answer fixture of the proven chapters that export them. */
export const RIGHTS: readonly RightAnswer[] = CHAPTER_FIXTURES.flatMap((entry) => entry.rights ?? []);

/** The ids of the proven chapters whose fixtures file exports right answers. */
export const CHAPTERS_WITH_RIGHTS: readonly string[] = CHAPTER_FIXTURES.filter((entry) => entry.rights !== undefined).map((entry) => entry.chapter.id);

/** The chapter folder name of an exercise id such as `01/3`. */
export function chapterDirOf(exerciseId: string): string {
  const chapter = CHAPTERS.find((known) => known.exercises.some((exercise) => exercise.id === exerciseId));
  if (!chapter) throw new Error(`no chapter in checker/manifest/ has exercise ${exerciseId}`);
  return chapter.dir;
}

/** One change to a file of the solutions (path relative to solutions/): text put before it, and/or a replacement. */
export interface Change {
  file: string;
  prepend?: string;
  /** Must occur exactly once in the file. */
  find?: string;
  replace?: string;
}

/** Copies the solutions (the real course's, or the folder `from`) into `dir` and applies the changes; returns `dir`. */
export function copySolutions(dir: string, changes: readonly Change[], from = join(REPO, 'solutions')): string {
  cpSync(from, dir, { recursive: true });
  for (const change of changes) {
    const file = join(dir, change.file);
    let text = readFileSync(file, 'utf8');
    if (change.find !== undefined) {
      const count = text.split(change.find).length - 1;
      if (count !== 1) throw new Error(`"${change.find}" occurs ${count} times in ${change.file}, not once`);
      text = text.replace(change.find, () => change.replace ?? '');
    }
    writeFileSync(file, `${change.prepend ?? ''}${text}`);
  }
  return dir;
}

/** The solutions with a fixture's edits (a wrong answer's or a right answer's), in a new folder under `parent`. */
export function buildFixture(fixture: Fixture | RightAnswer, parent = mkdtempSync(join(tmpdir(), 'fixture-'))): string {
  const chapter = chapterDirOf(fixture.exercise);
  const dir = join(parent, `${fixture.exercise.replace('/', '-')}-${fixture.name}`);
  return copySolutions(dir, fixture.edits.map((edit) => ({ ...edit, file: join(chapter, edit.file) })));
}
