import { readFileSync, writeFileSync } from 'node:fs';
import { gradeFolders } from '../../checker/grading/grade.ts';
import { CHAPTERS } from '../../checker/course/current.ts';
import { selectExercises } from '../../checker/course/course.ts';
import type { Report } from '../../checker/report/shape.ts';
import { gradedTarget } from '../../checker/course/target.ts';
import { GRADING_TIMEOUT } from './run.ts';

/** One folder to grade and the exercise ids to grade in it. */
export interface PlanEntry {
  label: string;
  dir: string;
  ids: string[];
}

/**
 * The file limit the folders are graded at, in seconds: GRADING_TIMEOUT, or COURSE_GRADING_TIMEOUT when set, so a
 * benchmark can prove the course at the checker's default (10) beside a CPU hog.
 */
function gradingSeconds(): number {
  const given = Number(process.env['COURSE_GRADING_TIMEOUT']);
  return Number.isFinite(given) && given > 0 ? given : Number(GRADING_TIMEOUT);
}

/**
 * Test aid: grades many folders in one grading session, as a class is graded (one vitest start, one type check,
 * each folder in forks of its own), and writes `{label: Report}` as JSON. Each folder is copied with only the
 * chapters of its ids and grades only those exercises, so its report lists just them.
 * Usage: node --import tsx test/support/grade-many.ts PLAN.json OUT.json
 */
async function main(planFile: string, outFile: string): Promise<void> {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as PlanEntry[];
  const { selected } = selectExercises([...new Set(plan.flatMap((entry) => entry.ids))], CHAPTERS);
  const folders = plan.map((entry) => ({
    learner: gradedTarget(entry.dir, CHAPTERS),
    chapters: CHAPTERS.filter((chapter) => chapter.exercises.some((exercise) => entry.ids.includes(exercise.id))),
    exercises: entry.ids,
  }));
  const graded = await gradeFolders(folders, selected, { lang: 'en', timeoutMs: gradingSeconds() * 1000, chapters: CHAPTERS });
  writeFileSync(outFile, JSON.stringify(Object.fromEntries(plan.map((entry, index) => [entry.label, graded[index]!]))));
}

await main(process.argv[2]!, process.argv[3]!);
// vitest marks the process failed when graded tests fail; for this aid that is the expected outcome.
process.exitCode = 0;
