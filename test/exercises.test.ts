import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import type { Report } from '../checker/report/shape.ts';
import { CHAPTERS_WITH_RIGHTS, FIXTURES, PROVEN_CHAPTERS, RIGHTS, buildFixture, chapterDirOf } from './support/fixtures.ts';
import type { PlanEntry } from './support/grade-many.ts';
import { REPO, runTs } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

const EXERCISES = allExercises(PROVEN_CHAPTERS);
const ALL_IDS = EXERCISES.map(({ exercise }) => exercise.id);
let reports: Record<string, Report> = {};

/** The report of one exercise in one graded folder. */
function exerciseIn(label: string, id: string) {
  const found = reports[label]?.exercises.find((exercise) => exercise.id === id);
  if (!found) throw new Error(`no result for ${id} in ${label}`);
  return found;
}

beforeAll(() => {
  const work = mkdtempSync(join(tmpdir(), 'exercises-'));
  const plan: PlanEntry[] = [
    { label: 'solution', dir: join(REPO, 'solutions'), ids: ALL_IDS },
    { label: 'starter', dir: committedStarters(), ids: ALL_IDS },
    ...FIXTURES.map((fixture) => ({ label: `${fixture.exercise} ${fixture.name}`, dir: buildFixture(fixture, work), ids: [fixture.exercise] })),
    ...RIGHTS.map((right) => ({ label: `${right.exercise} right ${right.name}`, dir: buildFixture(right, join(work, 'right')), ids: [right.exercise] })),
  ];
  writeFileSync(join(work, 'plan.json'), JSON.stringify(plan));
  // One grading session for all of them, as a class is graded: each folder runs in forks of its own and reads only its
  // own copy, so no fixture reaches another; a fixture is copied with its own chapter alone and graded on its exercise.
  // A safety net around waiting for the grading to exit: beside a CPU hog (load about 22 on 2 cores) it took 340 s.
  const ran = runTs('test/support/grade-many.ts', [join(work, 'plan.json'), join(work, 'out.json')], { timeoutMs: 1_500_000 });
  if (ran.status !== 0) throw new Error(`grading failed:\n${ran.stderr}`);
  reports = JSON.parse(readFileSync(join(work, 'out.json'), 'utf8')) as Record<string, Report>;
}, 1_800_000);

describe.each(EXERCISES.map(({ exercise }) => exercise.id))('hidden suite of %s', (id) => {
  test('passes on the solution', () => {
    const result = exerciseIn('solution', id);
    expect(result.tests.filter((t) => t.status !== 'pass'), result.message).toEqual([]);
    expect(result.status).toBe('pass');
  });

  test('fails on the untouched starter', () => {
    const result = exerciseIn('starter', id);
    expect(result.status).toBe('fail');
    expect(result.tests.some((t) => t.status === 'fail')).toBe(true);
  });

  test('has at least two wrong-answer fixtures', () => {
    expect(FIXTURES.filter((fixture) => fixture.exercise === id).length).toBeGreaterThanOrEqual(2);
  });

  const chapterHasRights = CHAPTERS_WITH_RIGHTS.includes(id.slice(0, 2));
  test.runIf(chapterHasRights)('has at least three right-answer fixtures', () => {
    expect(RIGHTS.filter((right) => right.exercise === id).length).toBeGreaterThanOrEqual(3);
  });

  const rights = RIGHTS.filter((right) => right.exercise === id);
  test.each(rights.map((right) => [right.name, right] as const))('passes on the right answer %s, written differently from the solution', (_name, right) => {
    const report = reports[`${right.exercise} right ${right.name}`]!;
    expect(report.type_errors, 'a right answer must type-check').toEqual([]);
    const result = exerciseIn(`${right.exercise} right ${right.name}`, id);
    expect(result.tests.filter((t) => t.status !== 'pass'), result.message).toEqual([]);
    expect(result.status).toBe('pass');
  });

  const mine = FIXTURES.filter((fixture) => fixture.exercise === id);
  test.each(mine.map((fixture) => [fixture.name, fixture] as const))('fails on the wrong answer %s, for its stated reason', (_name, fixture) => {
    const report = reports[`${fixture.exercise} ${fixture.name}`]!;
    expect(report.exercises.map((exercise) => exercise.id), 'a fixture is graded on its own exercise alone').toEqual([fixture.exercise]);
    expect(report.type_errors, 'a fixture must type-check, so it fails for its own reason').toEqual([]);
    const result = exerciseIn(`${fixture.exercise} ${fixture.name}`, id);
    expect(result.status).toBe('fail');
    for (const name of fixture.fails) {
      expect(result.tests.find((t) => t.name === name)?.status, `${fixture.name} should fail "${name}"`).toBe('fail');
    }
    for (const name of fixture.passes ?? []) {
      expect(result.tests.find((t) => t.name === name)?.status, `${fixture.name} should still pass "${name}"`).toBe('pass');
    }
    for (const [name, text] of Object.entries(fixture.says ?? {})) {
      expect(fixture.fails, `${fixture.name}: says names a test it does not list as failing`).toContain(name);
      expect(result.tests.find((t) => t.name === name)?.message ?? '', `${fixture.name}: the message of "${name}"`).toContain(text);
    }
    for (const [name, { stream, text }] of Object.entries(fixture.shows ?? {})) {
      // What the learner's code printed during the failed test comes with it, each line with the stream it went to.
      expect(fixture.fails, `${fixture.name}: shows names a test it does not list as failing`).toContain(name);
      const lines = result.tests.find((t) => t.name === name)?.output?.lines ?? [];
      expect(lines.some((line) => line.stream === stream && line.text.includes(text)), `${fixture.name}: the output shown with "${name}"`).toBe(true);
    }
    if (fixture.at !== undefined) {
      // The place to look names the learner's own line where the mistake shows, not the exercise's TODO.
      const file = join(report.target, chapterDirOf(fixture.exercise), fixture.at.file);
      const line = readFileSync(file, 'utf8').split('\n').findIndex((text) => text.includes(fixture.at!.line)) + 1;
      expect(line, `${fixture.name}: ${fixture.at.file} holds ${fixture.at.line}`).toBeGreaterThan(0);
      expect(result.todo, `${fixture.name}: the place to look`).toBe(`${file}:${line}`);
    }
  });
});

test('the solution and the starter type-check cleanly', () => {
  expect(reports['solution']?.type_errors).toEqual([]);
  expect(reports['starter']?.type_errors).toEqual([]);
});

test('the solution scores the maximum and the untouched starter scores 0, whatever guard tests it passes', () => {
  expect(reports['solution']?.score).toBe(reports['solution']?.max_score);
  expect(reports['solution']?.max_score).toBe(EXERCISES.length);
  expect(reports['solution']?.tests_passed).toBe(reports['solution']?.tests_total);
  expect(reports['starter']?.score).toBe(0);
});

/** True when this run proves the chapter (all of them unless COURSE_CHAPTERS narrows it). */
const proves = (id: string) => PROVEN_CHAPTERS.some((chapter) => chapter.id === id);

test.runIf(proves('01'))('the untouched starter passes some of chapter 01\'s guard tests; they are detail, not score', () => {
  expect(reports['starter']?.tests_passed).toBeGreaterThan(0);
  expect(reports['starter']?.score).toBe(0);
});

test.runIf(proves('01'))('a hard-coded count is told that the checker appended a call to see whether the count follows the list', () => {
  const result = exerciseIn('01/2 hard-coded-four', '01/2');
  const message = result.tests.find((one) => one.name === 'takes the printed count from the list length')?.message ?? '';
  expect(message).toMatch(/appended one call to REJECTED_CALLS, taking the list from \d+ to \d+ calls/);
  expect(message).toContain('the printed count was fixed apart from the list');
  expect(message, 'a failure message names what happened, never the line to write').not.toContain('REJECTED_CALLS.length');
});

test.runIf(proves('02'))('values in sent/got lines are rendered once, never escaped twice', () => {
  const message = exerciseIn('starter', '02/4').message;
  expect(message).toContain('got: returned "" (no exception)');
  expect(message).toContain('sent: expectClientRefusal(client)');
  for (const report of Object.values(reports)) {
    for (const exercise of report.exercises) expect(exercise.message, exercise.id).not.toMatch(/\\"/);
  }
});
