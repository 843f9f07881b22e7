import type { Lang } from '../usage/messages.ts';

/** The version of the `--json` shape: 2 scores exercises (a weight each), with test counts as detail. */
export const REPORT_VERSION = 2;

/** Every way a test or exercise can end. */
export const STATUSES = ['pass', 'fail', 'error', 'timeout'] as const;

/** How one test or exercise ended: one of STATUSES. */
export type Status = (typeof STATUSES)[number];

/** One expected test of an exercise. */
export interface TestReport {
  /** The stable English test name from the manifest. */
  name: string;
  /** The test name in the report's language. */
  title: string;
  status: Status;
  message: string;
  /** What the learner's own code wrote while this failing test ran: the first lines and how many more; absent when it wrote nothing. */
  output?: TestOutput;
}

/** Learner output of one test, bounded: each line with the stream it went to, and a count of the lines left out. */
export interface TestOutput {
  lines: { stream: 'stdout' | 'stderr'; text: string }[];
  more: number;
}

/** One exercise, as check prints it and the JSON report stores it. */
export interface ExerciseReport {
  id: string;
  title: string;
  status: Status;
  message: string;
  hint: string;
  /**
   * Where the learner edits, `file:line` (just the file once the TODO is gone); or, when the failure shown has a cause
   * in the learner's code, that line: the loop a stopped file was spinning in, or the line the failure named.
   */
  todo: string;
  /** The exercise's weight when it passes, else 0: an exercise scores only when all of its expected tests pass. */
  points: number;
  /** The exercise's weight from the manifest (1 unless set). */
  max_points: number;
  /** Set when one problem outside the exercise's own tests stops it: a type error, or a file that failed to load. */
  blocked?: Blocker;
  tests: TestReport[];
}

/**
 * What stops an exercise before its own tests can say anything: `where` is the learner's `file:line`, or, for a type
 * check that gave no answer (tsc stopped at its limit, or it never answered), the graded chapters folder.
 */
export interface Blocker {
  kind: 'syntax_error' | 'type_error' | 'load_error' | 'type_check_failed';
  where: string;
  message: string;
}

/** A compiler error in learner code: tsc reports it with its scratch path, and the report names the file as the learner knows it. */
export interface TypeErrorReport {
  /** `syntax` when the file cannot be parsed (it cannot run at all), `type` for any other compiler error. */
  kind: 'syntax' | 'type';
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

/** The whole result for one graded folder; this is the `--json` shape. */
export interface Report {
  version: typeof REPORT_VERSION;
  status: 'pass' | 'fail';
  /** Points of the passing exercises (each exercise's weight, default 1). */
  score: number;
  /** Points of every selected exercise. */
  max_score: number;
  /** Detail: expected tests that ran and passed. */
  tests_passed: number;
  /** Detail: expected tests in the selected exercises. */
  tests_total: number;
  target: string;
  lang: Lang;
  exercises: ExerciseReport[];
  type_errors: TypeErrorReport[];
}
