import type { Lang } from './i18n.ts';

/** How one test or exercise ended. */
export type Status = 'pass' | 'fail' | 'error' | 'timeout';

/** One expected test of an exercise. */
export interface TestReport {
  /** The stable English test name from the manifest. */
  name: string;
  /** The test name in the report's language. */
  title: string;
  status: Status;
  message: string;
}

/** One exercise, as check prints it and the JSON report stores it. */
export interface ExerciseReport {
  id: string;
  title: string;
  status: Status;
  message: string;
  hint: string;
  /** Where the learner edits, `file:line` (just the file once the TODO is gone). */
  todo: string;
  tests: TestReport[];
}

/** A compiler error in learner code, with the path the learner knows. */
export interface TypeErrorReport {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

/** The whole result for one graded folder; this is the `--json` shape. */
export interface Report {
  version: 1;
  status: 'pass' | 'fail';
  /** Expected tests that ran and passed. */
  score: number;
  /** Expected tests in the selected exercises. */
  max_score: number;
  target: string;
  lang: Lang;
  exercises: ExerciseReport[];
  type_errors: TypeErrorReport[];
}
