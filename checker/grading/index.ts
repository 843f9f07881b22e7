/** The one door into grading/ from the checker's other folders: what they use of it, re-exported by name (grading's own modules and the unit tests import its modules directly). */

/** Grading learner folders: once and cleaned up (`gradeFolders`), or kept open to grade again on each save (`GradingSession`). */
export { GradingSession, gradeFolders } from './grade.ts';
export type { GradeFolder } from './grade.ts';

/** The one way graders load an instructor's private suites: read, and checked to compile, before anything is graded. */
export { loadCheckedPrivateSuites } from './typecheck-suites.ts';

/** A type check that gave no answer: why (`TypeCheckFailure`), and the error that stops a class grading instead of scoring 0. */
export { TypeCheckFailedError } from './typecheck.ts';
export type { TypeCheckFailure } from './typecheck.ts';
