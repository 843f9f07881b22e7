import { expect, test } from 'vitest';
import { pointsFor, totals, weightOf } from '../checker/points.ts';
import type { ExerciseReport, Status } from '../checker/report.ts';

/** An exercise report with the given status, weight and test outcomes. */
function exercise(status: Status, weight: number, tests: Status[]): ExerciseReport {
  return {
    id: '01/1', title: 't', status, message: '', hint: '', todo: '', points: pointsFor(status, weight), max_points: weight,
    tests: tests.map((one, index) => ({ name: `n${index}`, title: `n${index}`, status: one, message: '' })),
  };
}

test('an exercise weighs 1 unless the manifest gives it a weight', () => {
  expect(weightOf({})).toBe(1);
  expect(weightOf({ weight: 3 })).toBe(3);
});

test('an exercise earns its whole weight only when it passes; passing guard tests alone earn nothing', () => {
  expect(pointsFor('pass', 2)).toBe(2);
  for (const status of ['fail', 'error', 'timeout'] as const) expect(pointsFor(status, 2)).toBe(0);
  const sums = totals([exercise('fail', 1, ['pass', 'pass', 'fail']), exercise('pass', 2, ['pass']), exercise('timeout', 1, ['timeout'])]);
  expect(sums).toEqual({ status: 'fail', score: 2, max_score: 4, tests_passed: 3, tests_total: 5 });
});
