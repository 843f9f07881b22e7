import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadChapters } from '../../checker/course/course.ts';
import { COURSE_VARIABLE } from '../../checker/course/files.ts';
import { copySolutions } from './fixtures.ts';
import type { Change } from './fixtures.ts';
import { REPO, checker, checkerAsync, entry, entryAsync, runTs } from './run.ts';
import type { Ran, RunOptions } from './run.ts';

/**
 * The fixture course: two chapters, five exercises, laid out like the repository (see its README.md). The checker's
 * CLI, reporting, timeout and containment tests grade it, so they need neither the real course's SDK nor its child processes.
 */
export const FIXTURE_COURSE = join(REPO, 'test', 'fixtures', 'course');

/** The fixture course's chapters, as the checker loads them. */
export const FIXTURE_CHAPTERS = await loadChapters(FIXTURE_COURSE);

/** The environment that points the checker at the fixture course. */
export const FIXTURE_ENV: NodeJS.ProcessEnv = { [COURSE_VARIABLE]: FIXTURE_COURSE, CHECKER_TRUST_WORKTREE: '1' };

/** Options with the fixture course's environment under the caller's own. */
function onFixture(options: RunOptions): RunOptions {
  return { ...options, env: { ...FIXTURE_ENV, ...options.env } };
}

/** The checker CLI (`check`, `hint`, `watch`, `reset`) on the fixture course. */
export function fixtureChecker(args: readonly string[], options: RunOptions = {}): Ran {
  return checker(args, onFixture(options));
}

/** A checker entry point through checker/run.mjs, on the fixture course. */
export function fixtureEntry(file: string, args: readonly string[], options: RunOptions = {}): Ran {
  return entry(file, args, onFixture(options));
}

/** `fixtureChecker` without blocking. */
export function fixtureCheckerAsync(args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  return checkerAsync(args, onFixture(options));
}

/** `fixtureEntry` without blocking. */
export function fixtureEntryAsync(file: string, args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  return entryAsync(file, args, onFixture(options));
}

/** A TypeScript file of the repository run with tsx, on the fixture course. */
export function fixtureTs(file: string, args: readonly string[], options: RunOptions = {}): Ran {
  return runTs(file, args, onFixture(options));
}

/** The fixture course's solutions folder. */
export const FIXTURE_SOLUTIONS = join(FIXTURE_COURSE, 'solutions');

/** The fixture course's starters (committed; no learner edits them). */
export const FIXTURE_STARTERS = join(FIXTURE_COURSE, 'chapters');

/** A fresh copy of the fixture course's starters, in a new folder named `chapters`, for a test that edits it. */
export function fixtureCopy(prefix = 'fixture-copy-'): string {
  const dir = join(mkdtempSync(join(tmpdir(), prefix)), 'chapters');
  cpSync(FIXTURE_STARTERS, dir, { recursive: true });
  return dir;
}

/** The line of a marker in a fixture course file, such as `TODO(01/2)` in `chapters/01-numbers/numbers.ts`. */
export function fixtureLine(file: string, marker: string): number {
  return readFileSync(join(FIXTURE_COURSE, file), 'utf8').split('\n').findIndex((line) => line.includes(marker)) + 1;
}

/** The fixture course's solutions with changes planted in them (paths relative to solutions/), in a new folder named `chapters`. */
export function fixturePlanted(changes: readonly Change[], prefix = 'fixture-planted-'): string {
  return copySolutions(join(mkdtempSync(join(tmpdir(), prefix)), 'chapters'), changes, FIXTURE_SOLUTIONS);
}
