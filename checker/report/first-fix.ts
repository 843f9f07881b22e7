import type { Blocker, Report, TypeErrorReport } from './shape.ts';

/*
 * Which problem a learner fixes first, decided once for scoring, the text report's next step and the watch screen.
 */

/** Among compiler errors, the one to fix first: a syntax error (its file can neither be read nor run), else the first type error. */
export function firstTypeError<T extends Pick<TypeErrorReport, 'kind'>>(problems: readonly T[]): T | undefined {
  return problems.find((problem) => problem.kind === 'syntax') ?? problems[0];
}

/**
 * What must be fixed before anything else can pass, in this order: a type check that gave no answer (nothing can
 * pass until it does), the first compiler error (see firstTypeError), then the first failed load of a failing
 * exercise. With `chapterDir`, only that chapter's files and exercises count. Undefined when nothing blocks.
 */
export function firstBlocker(report: Report, chapterDir?: string): Blocker | undefined {
  const chapterId = chapterDir?.split('-')[0];
  const failing = report.exercises.filter((exercise) => exercise.status !== 'pass' && (!chapterId || exercise.id.split('/')[0] === chapterId));
  const unchecked = failing.find((exercise) => exercise.blocked?.kind === 'type_check_failed')?.blocked;
  if (unchecked) return unchecked;
  const problem = firstTypeError(report.type_errors.filter((entry) => !chapterDir || entry.file.includes(`${chapterDir}/`)));
  if (problem) return { kind: problem.kind === 'syntax' ? 'syntax_error' : 'type_error', where: `${problem.file}:${problem.line}`, message: `${problem.code} ${problem.message}` };
  return failing.find((exercise) => exercise.blocked?.kind === 'load_error')?.blocked;
}
