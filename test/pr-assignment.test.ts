import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PullRequestReport } from '../checker/pr/grade-pr.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { commitBranch, makeCourseRepo, solveChapter } from './support/pr-repo.ts';
import { GRADING_TIMEOUT, runTs } from './support/run.ts';

/*
 * grade:pr with a class file of two assignments, as processes (the grading is the point); what an assignment's report
 * must hold and when it passes is tested in-process by test/unit/checker/pr/assignment.test.ts. A head that solved
 * chapter 1 only is graded for each: each assignment grades its own chapter alone, and gates the check on its own.
 */

const ONE = CHAPTERS.find((chapter) => chapter.id === '01')!;
const TWO = CHAPTERS.find((chapter) => chapter.id === '02')!;
let work: string;
let repo: string;
let head: string;
let classFile: string;

// The throwaway repository and its head are built before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'batch-pr-assignment-'));
  repo = join(work, 'course');
  makeCourseRepo(repo);
  head = commitBranch(repo, 'first-done', 'main', (root) => solveChapter(root, ONE.dir));
  classFile = join(work, 'class.json');
  writeFileSync(classFile, JSON.stringify({ assignments: { first: { exercises: ['01'], weights: { '01/1': 3 } }, second: { exercises: ['02'] } } }));
});

/** grade:pr for one assignment (by option or by the CLASS_FILE and ASSIGNMENT variables), then the summary step on its results. */
function gradeFor(name: string, byEnv: boolean): { status: number | null; report: PullRequestReport; summary: number | null } {
  const json = join(work, `${name}.json`);
  const options = byEnv ? [] : ['--config', classFile, '--assignment', name];
  const env = byEnv ? { CLASS_FILE: classFile, ASSIGNMENT: name } : {};
  const ran = runTs('checker/pr/cli.ts', ['--repo', repo, '--base', 'main', '--head', head, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT, ...options], { env });
  expect(ran.status, ran.stderr).not.toBe(2);
  const summary = runTs('checker/pr/summary-cli.ts', [json, ...options], { env: { ...env, GITHUB_STEP_SUMMARY: join(work, `${name}.md`) } });
  return { status: ran.status, report: JSON.parse(readFileSync(json, 'utf8')) as PullRequestReport, summary: summary.status };
}

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('grade:pr with a class file of two assignments', () => {
  test("the first assignment's check is green on a head that solved its chapter, with its points", () => {
    const { status, report, summary } = gradeFor('first', false);
    expect(report.assignment).toEqual({ name: 'first', exercises: ONE.exercises.map((exercise) => exercise.id) });
    expect(report.exercises.map((exercise) => exercise.id)).toEqual(ONE.exercises.map((exercise) => exercise.id));
    expect(report.exercises.every((exercise) => exercise.status === 'pass')).toBe(true);
    expect(report.max_score).toBe(3 + ONE.exercises.length - 1);
    expect(status).toBe(0);
    expect(summary).toBe(0);
  });

  test("the second assignment's check is red on the same head, graded on its own chapter alone", () => {
    const { status, report, summary } = gradeFor('second', true);
    expect(report.exercises.map((exercise) => exercise.id)).toEqual(TWO.exercises.map((exercise) => exercise.id));
    expect(report.status).toBe('fail');
    expect(status).toBe(1);
    expect(summary).toBe(1);
  });
});
