import type { ChapterSpec } from '../manifest/types.ts';
import type { PullRequestReport } from './grade-pr.ts';
import type { AssignmentGrading } from '../course/class-file.ts';
import { ResultsShapeError, list, object, text, validateReport } from '../signed/validate.ts';

export { ResultsShapeError };

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * Checks that parsed JSON is a grade:pr report for this course: a checker report as validateReport reads it against
 * the trusted manifest, plus what grade:pr adds (the tampered paths and the three commits). Returns it typed.
 * With an assignment (from the trusted class file), the report must be that assignment's: its name, only its
 * exercises, each worth its points there; without one, a report recorded for an assignment is refused.
 */
export function validatePrReport(value: unknown, chapters: readonly ChapterSpec[], assignment?: AssignmentGrading): PullRequestReport {
  const root = object(value, 'report');
  const recorded = root['assignment'];
  if (assignment) {
    const named = object(recorded, 'report.assignment');
    if (named['name'] !== assignment.name) throw new ResultsShapeError('report.assignment is not the assignment given');
    const listed = list(named['exercises'], 'report.assignment.exercises');
    if (listed.length !== assignment.exercises.length || listed.some((id, index) => id !== assignment.exercises[index])) throw new ResultsShapeError('report.assignment.exercises are not the class file\'s');
  } else if (recorded !== undefined) throw new ResultsShapeError('report.assignment is set, but no assignment was given');
  const report = validateReport(root, chapters, assignment ?? {});
  const tampered = list(root['tampered'], 'report.tampered').map((path, index) => text(path, `report.tampered[${index}]`));
  const sha = (name: string) => {
    const value = text(root[name], `report.${name}`);
    if (!SHA.test(value)) throw new ResultsShapeError(`report.${name} is not a commit id`);
    return value;
  };
  return {
    ...report,
    tampered, base: sha('base'), head: sha('head'), merge_base: sha('merge_base'),
    ...(assignment ? { assignment: { name: assignment.name, exercises: [...assignment.exercises] } } : {}),
  };
}
