/**
 * The learner's progress, end to end on the fixture course: every check remembers each exercise's result with the hash
 * of its files, so "next" never names an exercise already passed and the course is complete whatever one chapter shows;
 * a changed file makes its exercises unknown again. Graders never read it (test/unit/checker/course/progress.test.ts).
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { FIXTURE_SOLUTIONS, fixtureChecker as checker } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

describe('with the course complete', () => {
  let work: string;
  let target: string;
  let env: { CHECKER_PROGRESS: string };
  const run = (...ids: string[]) => checker(['check', ...ids, '--target', target, '--timeout', GRADING_TIMEOUT], { env });
  let all: Ran;
  let last: Ran;
  let first: Ran;
  let changed: Ran;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'progress-'));
    target = join(work, 'chapters');
    cpSync(FIXTURE_SOLUTIONS, target, { recursive: true });
    env = { CHECKER_PROGRESS: join(work, 'progress.json') };
    all = run();
    last = run('02');
    first = run('01/1');
    appendFileSync(join(target, '01-numbers', 'numbers.ts'), '\n// edited\n');
    changed = run('02');
  });

  test('a check of the whole course remembers every exercise, and says the course is complete', () => {
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout).toContain('과정 완료');
    const remembered = JSON.parse(readFileSync(env.CHECKER_PROGRESS, 'utf8')) as Record<string, Record<string, { passed: boolean }>>;
    expect(Object.values(remembered)[0]?.['01/1']?.passed).toBe(true);
  });

  test('check -- 02 and check -- 01/1 name no passed exercise as next and say the course is complete', () => {
    for (const ran of [last, first]) {
      expect(ran.status, ran.stderr).toBe(0);
      expect(ran.stdout).toContain('과정 완료');
      expect(ran.stdout).not.toContain('다음 연습');
    }
  });

  test('a changed file makes its exercises unknown again: the next exercise is the first of them', () => {
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stdout).not.toContain('과정 완료');
    expect(changed.stdout).toMatch(/다음 연습: 01\/1 /);
  });
});
