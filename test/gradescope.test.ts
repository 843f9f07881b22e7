import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import type { ChapterSpec } from '../checker/manifest/types.ts';
import { FIXTURE_CHAPTERS, FIXTURE_ENV, FIXTURE_SOLUTIONS, FIXTURE_STARTERS } from './support/course.ts';
import { runAutograder } from './support/gradescope.ts';
import type { Autograded } from './support/gradescope.ts';
import { REPO } from './support/run.ts';

/** The keys Gradescope's autograder specification documents for results.json and for one test case. */
const TOP_KEYS = ['score', 'execution_time', 'output', 'output_format', 'test_output_format', 'test_name_format', 'visibility', 'stdout_visibility', 'extra_data', 'tests', 'leaderboard'];
const TEST_KEYS = ['score', 'max_score', 'status', 'name', 'name_format', 'number', 'output', 'output_format', 'tags', 'visibility', 'extra_data'];
const STATUSES = ['passed', 'failed'];

let scratch: string | undefined;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'gradescope-test-'));
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Runs run_autograder against a fake /autograder of this file's own, named `name`, whose submission `fill` builds (test/support/gradescope.ts). */
function autograde(name: string, fill: (submission: string) => void, env: NodeJS.ProcessEnv = {}): Autograded {
  return runAutograder(join(scratch!, name), fill, env);
}

/** Checks results.json against the documented shape: known keys only, numbers, statuses, and one test case per exercise of the course graded. */
function expectGradescopeShape(results: Record<string, unknown>, chapters: readonly ChapterSpec[]): Record<string, unknown>[] {
  for (const key of Object.keys(results)) expect(TOP_KEYS).toContain(key);
  expect(typeof results['score']).toBe('number');
  expect(typeof results['output']).toBe('string');
  const tests = results['tests'] as Record<string, unknown>[];
  expect(tests.map((entry) => String(entry['name']).split(' ')[0])).toEqual(allExercises(chapters).map(({ exercise }) => exercise.id));
  for (const entry of tests) {
    for (const key of Object.keys(entry)) expect(TEST_KEYS).toContain(key);
    expect(typeof entry['score']).toBe('number');
    expect(typeof entry['max_score']).toBe('number');
    expect(STATUSES).toContain(entry['status']);
    expect(typeof entry['output']).toBe('string');
    // Never a scratch path of the machine, nor a stack trace.
    expect(String(entry['output'])).not.toContain(tmpdir());
    expect(String(entry['output'])).not.toMatch(/^\s+at\s/m);
  }
  return tests;
}

describe('the Gradescope autograder, run without privileges against a fake /autograder', () => {
  test('scripts parse as bash', () => {
    for (const script of ['run_autograder', 'setup.sh']) expect(spawnSync('bash', ['-n', join(REPO, 'gradescope', script)]).status).toBe(0);
  });

  test('setup.sh installs, and then checks for, every system tool run_autograder needs to prove its network block', () => {
    const run = readFileSync(join(REPO, 'gradescope', 'run_autograder'), 'utf8');
    const setup = readFileSync(join(REPO, 'gradescope', 'setup.sh'), 'utf8');
    // The tools run_autograder calls as root to make the grading user and its network block.
    for (const tool of ['iptables', 'ip6tables', 'runuser', 'useradd']) expect(run, tool).toMatch(new RegExp(`(^|[|&(\\s])${tool} `, 'm'));
    expect(setup).toMatch(/apt-get install -y --no-install-recommends "\$\{missing\[@\]\}"/);
    expect(setup).toContain('for tool in iptables ip6tables runuser useradd; do');
  });

  // On the fixture course, like the case below: that the real course's solutions pass every exercise is proven in
  // exercises.test.ts; what this case adds, finding the chapters of a whole repository copy and a full-marks
  // results.json, does not depend on the course.
  test('the solutions, as a whole copy of the repository, score full marks with every test case passed, weighted by the class file', () => {
    // The class file's weights, as npm run grade takes them: 01/1 is worth 3 here, the rest their manifest's 1.
    const classFile = join(scratch!, 'class.json');
    writeFileSync(classFile, JSON.stringify({ weights: { '01/1': 3 } }));
    const { results, stdout } = autograde('solved', (submission) => {
      cpSync(FIXTURE_SOLUTIONS, join(submission, 'chapters'), { recursive: true });
      writeFileSync(join(submission, 'package.json'), '{"name":"student-copy"}\n');
    }, { ...FIXTURE_ENV, CLASS_FILE: classFile });
    expect(stdout).toContain('no separate user and no network block');
    const tests = expectGradescopeShape(results, FIXTURE_CHAPTERS);
    const max = tests.reduce((sum, entry) => sum + Number(entry['max_score']), 0);
    expect(tests[0]!['max_score']).toBe(3);
    expect(max).toBe(allExercises(FIXTURE_CHAPTERS).length + 2);
    expect(results['score']).toBe(max);
    expect(tests.every((entry) => entry['status'] === 'passed' && entry['score'] === entry['max_score'])).toBe(true);
  });

  test('with ASSIGNMENT, one assignment of the class file is graded alone, with its points', () => {
    const first = FIXTURE_CHAPTERS[0]!;
    const classFile = join(scratch!, 'class-assignments.json');
    writeFileSync(classFile, JSON.stringify({ assignments: { one: { exercises: [first.id], weights: { [first.exercises[0]!.id]: 3 } }, rest: { exercises: FIXTURE_CHAPTERS.slice(1).map((chapter) => chapter.id) } } }));
    const { results } = autograde('assignment', (submission) => cpSync(FIXTURE_SOLUTIONS, join(submission, 'chapters'), { recursive: true }), { ...FIXTURE_ENV, CLASS_FILE: classFile, ASSIGNMENT: 'one' });
    const tests = expectGradescopeShape(results, [first]);
    expect(tests.map((entry) => Number(entry['max_score']))).toEqual(first.exercises.map((_, index) => (index === 0 ? 3 : 1)));
    expect(results['score']).toBe(first.exercises.length + 2);
  });

  // On the fixture course: that the real course's untouched starters fail every exercise and score 0 is proven in
  // exercises.test.ts; what this case adds, finding chapter folders inside a wrapper folder and an all-failed
  // results.json, does not depend on the course.
  test('the starters, as chapter folders alone inside a wrapper folder, score 0 with every test case failed', () => {
    const { results } = autograde('starters', (submission) => cpSync(FIXTURE_STARTERS, join(submission, 'mcp-ts-workshop-main'), { recursive: true }), FIXTURE_ENV);
    const tests = expectGradescopeShape(results, FIXTURE_CHAPTERS);
    expect(results['score']).toBe(0);
    expect(tests.every((entry) => entry['status'] === 'failed' && entry['score'] === 0)).toBe(true);
    expect(String(tests[0]!['output'])).toMatch(/Look at: chapters\/01-numbers\//);
  });

  test('a submission without chapter folders gets a results file that scores 0 and says why', () => {
    const { results } = autograde('nothing', (submission) => writeFileSync(join(submission, 'answer.ts'), 'export {};\n'), { GRADESCOPE_VISIBILITY: 'visible' });
    expect(results).toMatchObject({ score: 0, tests: [], visibility: 'visible' });
    expect(String(results['output'])).toContain('No chapter folders were found');
  });
});
