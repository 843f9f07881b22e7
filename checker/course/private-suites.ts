import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Lang } from '../usage/messages.ts';
import { UsageError } from '../usage/command-line.ts';
import type { ChapterSpec } from '../manifest/types.ts';

/** One instructor suite file, graded on top of the public suite of one exercise. */
export interface PrivateSuite {
  /** The exercise it belongs to, such as `01/3`. */
  exerciseId: string;
  /** The file name inside `<suites dir>/<chapter dir>/`. */
  file: string;
  /** The test names it must report, read from its source before anything runs. */
  names: string[];
}

/** A private suites folder that cannot be used; the CLI prints it in the chosen language and exits 2. */
export class PrivateSuiteError extends UsageError {}

/** Suite files are `<n>-<anything>.test.ts`; other files are helpers that are copied but not run. */
const SUITE_FILE = /^(\d+)-.+\.test\.ts$/;

/** A file that looks like a suite (a test or spec file of any kind): it must fit SUITE_FILE, never be silently skipped. */
const LOOKS_LIKE_SUITE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Prefix of a private test's name in reports, so it never collides with a public one. */
export const PRIVATE_PREFIX = '[private] ';

/**
 * Reads `DIR/<chapter dir>/<n>-*.test.ts` for the `graded` chapters of the `course` (every chapter: a folder naming
 * none of them is an error). Every file must belong to a known exercise and name its tests with plain string
 * literals, so a file that later fails to load scores zero.
 */
export function loadPrivateSuites(dir: string, course: readonly ChapterSpec[], graded: readonly ChapterSpec[] = course): PrivateSuite[] {
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new PrivateSuiteError((say) => say.suitesNotFolder(dir));
  const suites: PrivateSuite[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    const chapter = course.find((known) => known.dir === entry.name);
    if (!chapter || !entry.isDirectory()) {
      throw new PrivateSuiteError((say) => say.suitesNotChapter(entry.name, course.map((known) => known.dir).join(', ')));
    }
    if (!graded.includes(chapter)) continue;
    for (const file of readdirSync(join(root, entry.name)).sort()) {
      const match = SUITE_FILE.exec(file);
      if (!match && LOOKS_LIKE_SUITE.test(file)) throw new PrivateSuiteError((say) => say.suitesBadName(`${entry.name}/${file}`));
      if (!match) continue;
      const exerciseId = `${chapter.id}/${Number(match[1])}`;
      if (!chapter.exercises.some((exercise) => exercise.id === exerciseId)) {
        throw new PrivateSuiteError((say) => say.suitesNoExercise(`${entry.name}/${file}`, exerciseId));
      }
      const names = staticTestNames(readFileSync(join(root, entry.name, file), 'utf8'));
      if (names.length === 0) throw new PrivateSuiteError((say) => say.suitesNoNames(`${entry.name}/${file}`));
      const repeated = names.find((name, index) => names.indexOf(name) !== index);
      if (repeated) throw new PrivateSuiteError((say) => say.suitesRepeated(`${entry.name}/${file}`, repeated));
      suites.push({ exerciseId, file, names });
    }
  }
  return suites;
}

/** The names of `test('…')`, `it("…")` and `test.concurrent(`…`)` calls with a literal name, in source order. */
export function staticTestNames(source: string): string[] {
  const call = /\b(?:test|it)(?:\.(?:concurrent|sequential|fails))?\s*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const names: string[] = [];
  for (const match of source.matchAll(call)) {
    const [, quote, body] = match as unknown as [string, string, string];
    if (quote === '`' && body.includes('${')) continue;
    names.push(body.replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t' })[char] ?? char));
  }
  return names;
}

/** A private test's title in the report's language. */
export function privateTitle(name: string, lang: Lang): string {
  return lang === 'ko' ? `(비공개) ${name}` : `(private) ${name}`;
}
