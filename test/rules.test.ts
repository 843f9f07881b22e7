import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/course/current.ts';

/** Chapters whose every exercise must split its rule into clauses (a chapter being rebuilt may join when it is done). */
const CLAUSED = ['01', '02', '03', '04', '05'];

const EXERCISES = CHAPTERS.flatMap((chapter) => chapter.exercises.filter((exercise) => CLAUSED.includes(chapter.id) || exercise.clauses !== undefined));

describe.each(EXERCISES.map((exercise) => [exercise.id, exercise] as const))('the rule of %s', (_id, exercise) => {
  const clauses = exercise.clauses ?? [];

  test('is split into clauses, each a verbatim part of rule.en', () => {
    expect(clauses.length, 'list the rule\'s clauses in the manifest, each with the tests that grade it').toBeGreaterThan(0);
    for (const clause of clauses) expect(exercise.rule.en, `the clause "${clause.en}"`).toContain(clause.en);
  });

  test('has a test for every clause, and every clause names only tests of its suite', () => {
    for (const clause of clauses) {
      expect(clause.tests.length, `the clause "${clause.en}" has no test`).toBeGreaterThan(0);
      for (const name of clause.tests) expect(Object.keys(exercise.tests), `the clause "${clause.en}"`).toContain(name);
    }
  });

  test('has a clause for every test', () => {
    const graded = new Set(clauses.flatMap((clause) => clause.tests));
    expect(Object.keys(exercise.tests).filter((name) => !graded.has(name)), 'tests that grade no clause of the rule').toEqual([]);
  });
});
