import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The trusted repository this checker runs from. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** The variable that points the checker at another course folder, such as `test/fixtures/course`. */
export const COURSE_VARIABLE = 'CHECKER_COURSE';

/**
 * The course this process grades, read from `env` when asked: a folder laid out like this repository (chapters/,
 * solutions/, checker/manifest/, checker/suites/, checker/starters.json). It is this repository, unless the repository's
 * own tests name another one in CHECKER_COURSE; that swaps the suites that decide a grade, so it is honoured only beside
 * CHECKER_TRUST_WORKTREE=1. The entry points fix it once, in course/current.ts; the modules below ask at call time.
 */
export function currentCourseRoot(env: NodeJS.ProcessEnv = process.env): string {
  return courseRoot(env[COURSE_VARIABLE], env);
}

/** The course folder `named` stands for (this repository when it is empty), refused unless `env` holds CHECKER_TRUST_WORKTREE=1. */
export function courseRoot(named: string | undefined, env: NodeJS.ProcessEnv): string {
  if (named === undefined || named === '') return REPO_ROOT;
  if (env['CHECKER_TRUST_WORKTREE'] !== '1') throw new Error(`${COURSE_VARIABLE} is for the repository's own tests and needs CHECKER_TRUST_WORKTREE=1 beside it.`);
  return resolve(REPO_ROOT, named);
}

/** Every file under a folder (none when it does not exist). */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A sortable local date and time such as 20261130-094512, for the name of a new folder (a backup, a gradebook). */
export function localStamp(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
}
