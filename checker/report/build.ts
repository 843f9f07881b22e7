import type { ExerciseSpec } from '../manifest/types.ts';
import { REPORT_VERSION } from './shape.ts';
import type { ExerciseReport, Report, Status } from './shape.ts';

/** The points an exercise is worth: its manifest weight, 1 when it has none. */
export function weightOf(exercise: Pick<ExerciseSpec, 'weight'>): number {
  return exercise.weight ?? 1;
}

/** An exercise earns its whole weight only when it passes (every expected test passed); otherwise nothing. */
export function pointsFor(status: Status, weight: number): number {
  return status === 'pass' ? weight : 0;
}

/** The headline numbers of a report, computed from its exercises. */
export function totals(exercises: readonly ExerciseReport[]): Pick<Report, 'status' | 'score' | 'max_score' | 'tests_passed' | 'tests_total'> {
  const tests = exercises.flatMap((exercise) => exercise.tests);
  return {
    status: exercises.every((exercise) => exercise.status === 'pass') ? 'pass' : 'fail',
    score: exercises.reduce((sum, exercise) => sum + exercise.points, 0),
    max_score: exercises.reduce((sum, exercise) => sum + exercise.max_points, 0),
    tests_passed: tests.filter((test) => test.status === 'pass').length,
    tests_total: tests.length,
  };
}

/** A whole report from its exercises: the version and the headline numbers are computed here and nowhere else. */
export function buildReport(parts: Pick<Report, 'target' | 'lang' | 'exercises' | 'type_errors'>): Report {
  return { version: REPORT_VERSION, ...totals(parts.exercises), target: parts.target, lang: parts.lang, exercises: parts.exercises, type_errors: parts.type_errors };
}

/**
 * The report with other points per exercise (a class file's weights, or one assignment's): each exercise named in
 * `weights` is worth that much, scored by its status; the others keep theirs; the headline numbers are computed again.
 * The class grader, grade:pr and the Gradescope autograder all re-weight through here.
 */
export function reweight(report: Report, weights: Readonly<Record<string, number>>): Report {
  const exercises = report.exercises.map((exercise) => {
    if (!Object.hasOwn(weights, exercise.id)) return exercise;
    const weight = weights[exercise.id]!;
    return { ...exercise, max_points: weight, points: pointsFor(exercise.status, weight) };
  });
  return buildReport({ target: report.target, lang: report.lang, exercises, type_errors: report.type_errors });
}
