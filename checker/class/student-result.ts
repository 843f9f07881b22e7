import type { Report } from '../report/shape.ts';
import type { Student } from './intake/students.ts';

/**
 * One student's row of a class run: the student, their checker report, and whether whole chapter folders were
 * missing. The gradebooks, the similarity pass, the roster and the Gradescope files all read rows of this shape.
 */
/** One student's row: the student, their checker report, and whether whole chapter folders were missing. */
export interface StudentResult {
  student: Student;
  report: Report;
  missingChapters: string[];
}
