import type { StudentResult } from '../student-result.ts';
import { studentKey, submissionName } from './lms-names.ts';

/**
 * A class file's roster: submission name → the student's id in the LMS, in a Map, so a student named `constructor` or
 * `__proto__` is a name like any other and never finds what a plain object inherits.
 */
export type Roster = ReadonlyMap<string, string>;

/** No roster. */
export const NO_ROSTER: Roster = new Map();

/**
 * The roster key a submission answers to: its own name; its student key (lms-names.ts: without `.zip` and the
 * LMS's additions, so `kang` matches `kang.zip` and `Kim Minsu` matches Moodle's `Kim Minsu_123_assignsubmission_file_`);
 * the Canvas user id in a Canvas file name; or a roster key whose own student key is the submission's.
 */
export function rosterKeyOf(roster: Roster, submission: string): string | undefined {
  if (roster.has(submission)) return submission;
  const name = submissionName(submission);
  if (roster.has(name.key)) return name.key;
  if (name.canvas && roster.has(name.canvas.userId)) return name.canvas.userId;
  for (const key of roster.keys()) if (studentKey(key) === name.key) return key;
  return undefined;
}

/**
 * The key that decides a submission's shard and finds duplicate rows: the student key of the roster entry it answers
 * to, or its own. A roster name that no submission answers to is sharded by the same key (`shardKeyOfRoster`), so its
 * "not handed in" row and the student's graded row always fall in one shard.
 */
export function shardKeyOf(roster: Roster, submission: string): string {
  const key = rosterKeyOf(roster, submission);
  return key === undefined ? studentKey(submission) : studentKey(key);
}

/** The shard key of a roster name (see shardKeyOf). */
export function shardKeyOfRoster(rosterKey: string): string {
  return studentKey(rosterKey);
}

/** The LMS id of a submission, when the roster names it. */
export function rosterIdOf(roster: Roster, submission: string): string | undefined {
  const key = rosterKeyOf(roster, submission);
  return key === undefined ? undefined : roster.get(key);
}

/** The roster's names that no submission answers to, in roster order. */
export function unmatchedRoster(roster: Roster, submissions: readonly string[]): string[] {
  const matched = new Set(submissions.map((name) => rosterKeyOf(roster, name)).filter((key) => key !== undefined));
  return [...roster.keys()].filter((name) => !matched.has(name));
}

/**
 * A row for a roster student who handed in nothing: every exercise 0 points of its maximum (taken from a graded
 * row, so the class weights hold), so an LMS import gets a 0 for them rather than no grade at all.
 */
export function notHandedIn(name: string, template: StudentResult): StudentResult {
  const exercises = template.report.exercises.map(({ blocked: _blocked, ...exercise }) => ({
    ...exercise,
    status: 'fail' as const,
    message: '',
    hint: '',
    points: 0,
    tests: exercise.tests.map((test) => ({ ...test, status: 'fail' as const, message: '' })),
  }));
  const report = { ...template.report, status: 'fail' as const, score: 0, tests_passed: 0, target: name, exercises, type_errors: [] };
  return { student: { name, dir: name, learner: null, problem: 'not-handed-in' }, report, missingChapters: [] };
}
