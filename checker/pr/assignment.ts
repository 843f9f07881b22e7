import { reweight } from '../report/build.ts';
import type { Report } from '../report/shape.ts';
import type { AssignmentGrading } from '../course/class-file.ts';

/** The assignment a pull request was graded for, as its report records it. */
export interface GradedAssignment {
  name: string;
  exercises: string[];
}

/**
 * The checker's report on one assignment's exercises with the assignment's points: each exercise worth its weight
 * there, scored by its status, and the headline numbers computed again. Null when the report does not hold exactly
 * the assignment's exercises in order (the checker graded something else).
 */
export function assignmentReport(report: Report, assignment: AssignmentGrading): Report | null {
  const ids = report.exercises.map((exercise) => exercise.id);
  if (ids.length !== assignment.exercises.length || ids.some((id, index) => id !== assignment.exercises[index])) return null;
  return reweight(report, assignment.weights);
}
