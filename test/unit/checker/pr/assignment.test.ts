import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PullRequestReport } from '../../../../checker/pr/grade-pr.ts';
import { reweight } from '../../../../checker/report/build.ts';
import { validateReport } from '../../../../checker/signed/validate.ts';
import { prPasses } from '../../../../checker/pr/summary.ts';
import { ResultsShapeError, validatePrReport } from '../../../../checker/pr/validate.ts';
import { assignmentGrading, readClassConfig } from '../../../../checker/course/class-file.ts';
import { allExercises, loadChapters } from '../../../../checker/course/course.ts';
import { prReport } from '../../../support/pr-report.ts';
import { tempDir } from '../../support/temp.ts';

const CHAPTERS = await loadChapters(resolve(import.meta.dirname, '..', '..', '..', '..'));
const ONE = CHAPTERS.find((chapter) => chapter.id === '01')!;
const TWO = CHAPTERS.find((chapter) => chapter.id === '02')!;

type Assignment = NonNullable<ReturnType<typeof assignmentGrading>>;
let first: Assignment;
let second: Assignment;

/** A class file with two assignments: chapter 1 (01/1 worth 3), and chapter 2, written and read before the tests. */
const work = tempDir('pr-assignment');
beforeAll(() => {
  const file = join(work, 'class.json');
  writeFileSync(file, JSON.stringify({ assignments: { first: { exercises: ['01'], weights: { '01/1': 3 } }, second: { exercises: ['02'] } } }));
  const config = readClassConfig(file, allExercises(CHAPTERS));
  first = assignmentGrading(config, 'first')!;
  second = assignmentGrading(config, 'second')!;
});

/** What grade:pr makes (through signed/launch.ts) of the checker's report on one assignment's chapter where the listed exercises fail. */
function graded(chapter: typeof ONE, assignment: Assignment, failing: readonly string[] = []): PullRequestReport {
  const raw = prReport([chapter], failing);
  const report = reweight(validateReport(raw, CHAPTERS, { exercises: assignment.exercises }), assignment.weights);
  return { ...raw, ...report, assignment: { name: assignment.name, exercises: assignment.exercises } };
}

describe('a class file with two assignments in grade:pr', () => {
  test('each assignment is graded with its own exercises and points, and gates the check on its own', () => {
    expect(first.exercises).toEqual(ONE.exercises.map((exercise) => exercise.id));
    expect(second.exercises).toEqual(TWO.exercises.map((exercise) => exercise.id));
    const solvedFirst = graded(ONE, first);
    expect(solvedFirst.max_score).toBe(3 + ONE.exercises.length - 1);
    expect(prPasses(validatePrReport(JSON.parse(JSON.stringify(solvedFirst)), CHAPTERS, first), false)).toBe(true);
    const unsolvedSecond = graded(TWO, second, [TWO.exercises[0]!.id]);
    expect(prPasses(validatePrReport(JSON.parse(JSON.stringify(unsolvedSecond)), CHAPTERS, second), false)).toBe(false);
    const failingFirst = graded(ONE, first, ['01/1']);
    expect(failingFirst.score).toBe(ONE.exercises.length - 1);
    expect(prPasses(validatePrReport(JSON.parse(JSON.stringify(failingFirst)), CHAPTERS, first), false)).toBe(false);
  });

  test('a report is refused for another assignment, for none, or with the manifest points where the assignment gives others', () => {
    const solvedFirst = JSON.parse(JSON.stringify(graded(ONE, first))) as unknown;
    expect(() => validatePrReport(solvedFirst, CHAPTERS, second)).toThrow(ResultsShapeError);
    expect(() => validatePrReport(solvedFirst, CHAPTERS)).toThrow(/no assignment was given/);
    const manifestPoints = { ...prReport([ONE]), assignment: { name: 'first', exercises: first.exercises } };
    expect(() => validatePrReport(manifestPoints, CHAPTERS, first)).toThrow(/points/);
    // The signed report of another assignment's exercises is refused before it is re-weighted.
    expect(() => validateReport(prReport([TWO]), CHAPTERS, { exercises: first.exercises })).toThrow(ResultsShapeError);
  });
});
