import { describe, expect, test } from 'vitest';
import { buildReport, pointsFor, reweight, totals, weightOf } from '../../../../checker/report/build.ts';
import { REPORT_VERSION } from '../../../../checker/report/shape.ts';
import type { ExerciseReport, Status } from '../../../../checker/report/shape.ts';

/** An exercise report with the given status, weight and test outcomes. */
function exercise(id: string, status: Status, weight: number, tests: Status[]): ExerciseReport {
  return {
    id, title: id, status, message: '', hint: '', todo: '', points: pointsFor(status, weight), max_points: weight,
    tests: tests.map((test, index) => ({ name: `t${index}`, title: `t${index}`, status: test, message: '' })),
  };
}

describe('points', () => {
  test('an exercise earns its weight (1 unless given) only when it passes', () => {
    expect(weightOf({})).toBe(1);
    expect(weightOf({ weight: 3 })).toBe(3);
    expect(pointsFor('pass', 3)).toBe(3);
    expect(pointsFor('fail', 3)).toBe(0);
    expect(pointsFor('error', 3)).toBe(0);
    expect(pointsFor('timeout', 3)).toBe(0);
  });

  test('totals add points and count passed tests; any exercise short of pass fails the report', () => {
    const exercises = [exercise('01/1', 'pass', 2, ['pass', 'pass']), exercise('01/2', 'fail', 1, ['pass', 'fail', 'error'])];
    expect(totals(exercises)).toEqual({ status: 'fail', score: 2, max_score: 3, tests_passed: 3, tests_total: 5 });
    expect(totals(exercises.slice(0, 1)).status).toBe('pass');
    const timedOut = [...exercises, exercise('01/3', 'timeout', 1, ['timeout'])];
    expect(totals(timedOut)).toEqual({ status: 'fail', score: 2, max_score: 4, tests_passed: 3, tests_total: 6 });
  });

  test('buildReport stamps the version and the totals of the exercises it is given', () => {
    const exercises = [exercise('02/1', 'pass', 1, ['pass'])];
    const report = buildReport({ target: 'chapters', lang: 'en', exercises, type_errors: [] });
    expect(report).toEqual({ version: REPORT_VERSION, ...totals(exercises), target: 'chapters', lang: 'en', exercises, type_errors: [] });
    expect(Object.keys(report)).toEqual(['version', 'status', 'score', 'max_score', 'tests_passed', 'tests_total', 'target', 'lang', 'exercises', 'type_errors']);
  });
});

describe('reweight', () => {
  test('each exercise named in the weights is worth that, scored by its status; the others keep theirs; the totals follow', () => {
    const report = buildReport({ target: 'chapters', lang: 'en', exercises: [exercise('01/1', 'pass', 1, ['pass']), exercise('01/2', 'fail', 1, ['fail']), exercise('01/3', 'pass', 2, ['pass'])], type_errors: [] });
    const weighted = reweight(report, { '01/1': 5, '01/2': 4 });
    expect(weighted.exercises.map((entry) => [entry.id, entry.points, entry.max_points])).toEqual([['01/1', 5, 5], ['01/2', 0, 4], ['01/3', 2, 2]]);
    expect([weighted.score, weighted.max_score]).toEqual([7, 11]);
    // A key the weights inherit (toString, constructor, …) is no weight.
    expect(reweight(report, Object.create({ '01/1': 9 }) as Record<string, number>)).toEqual(report);
  });
});
