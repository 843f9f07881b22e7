import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PrivateSuiteError, loadPrivateSuites, staticTestNames } from '../checker/course/private-suites.ts';
import { loadCheckedPrivateSuites } from '../checker/grading/typecheck-suites.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_CHAPTERS, FIXTURE_SOLUTIONS, fixtureChecker as checker, fixtureEntry as entry } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';

let work: string;

/** Writes files under a fresh private suites folder and returns it. */
function suites(name: string, files: Record<string, string>): string {
  const root = join(work, name);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), body);
  }
  return root;
}

let hidden: string;

/** The same private suites for the fixture course (test/fixtures/course), which the graded runs below use. */
let fixtureHidden: string;

// The suites are written before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'batch-private-'));
  hidden = suites('hidden', {
    '01-mini-mcp/helper.ts': "export const WANTED = 'MiniServer';\n",
    '01-mini-mcp/1-exports.test.ts': [
      "import { test } from 'vitest';",
      "import * as server from '../../../chapters/01-mini-mcp/server.ts';",
      "import { WANTED } from './helper.ts';",
      "test('exports the server class', () => { if (typeof (server as Record<string, unknown>)[WANTED] !== 'function') throw new Error('no MiniServer'); });",
      '',
    ].join('\n'),
    '01-mini-mcp/2-strict.test.ts': "import { test } from 'vitest';\ntest(\"a hidden rule nobody meets\", () => { throw new Error('hidden rule broken'); });\n",
  });
  fixtureHidden = suites('fixture-hidden', {
    '01-numbers/helper.ts': "export const WANTED = 'double';\n",
    '01-numbers/1-exports.test.ts': [
      "import { test } from 'vitest';",
      "import * as numbers from '../../../chapters/01-numbers/numbers.ts';",
      "import { WANTED } from './helper.ts';",
      "test('exports the server class', () => { if (typeof (numbers as Record<string, unknown>)[WANTED] !== 'function') throw new Error('no double'); });",
      '',
    ].join('\n'),
    '01-numbers/2-strict.test.ts': "import { test } from 'vitest';\ntest(\"a hidden rule nobody meets\", () => { throw new Error('hidden rule broken'); });\n",
  });
});

/** A private suite for the fixture course that cannot compile. */
const FIXTURE_BROKEN = { '01-numbers/3-broken.test.ts': "import { test } from 'vitest';\nimport '../../../chapters/01-numbers/no-such-file.ts';\ntest('hidden one', () => {});\n" };

/** A private suite that cannot compile: the instructor's error, found before anything is graded. */
const BROKEN = { '01-mini-mcp/3-broken.test.ts': "import { test } from 'vitest';\nimport '../../../chapters/01-mini-mcp/no-such-file.ts';\ntest('hidden one', () => {});\n" };

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('private suites (--suites)', () => {
  test('reads expected test names statically from literal test() calls', () => {
    expect(staticTestNames("test('a', () => {});\nit(\"b \\\"q\\\"\", f);\ntest.concurrent(`c`, f);\ntest(`d ${x}`, f);\ntest.skip('e', f);")).toEqual(['a', 'b "q"', 'c']);
    const loaded = loadPrivateSuites(hidden, CHAPTERS);
    expect(loaded.map((suite) => [suite.exerciseId, suite.names])).toEqual([
      ['01/1', ['exports the server class']],
      ['01/2', ['a hidden rule nobody meets']],
    ]);
    // Grading chapter 2 alone (check 02): chapter 1's folder is a chapter of the course, so it is skipped, not refused.
    expect(loadPrivateSuites(hidden, CHAPTERS, CHAPTERS.filter((chapter) => chapter.id === '02'))).toEqual([]);
  });

  test.each([
    ['an exercise that does not exist', { '01-mini-mcp/9-x.test.ts': "test('x', () => {});" }],
    ['a suite without literal test names', { '01-mini-mcp/1-x.test.ts': 'for (const n of names) test(n, () => {});' }],
    ['an unknown chapter folder', { '03-nope/1-x.test.ts': "test('x', () => {});" }],
    ['a test file whose name is not <n>-<name>.test.ts', { '01-mini-mcp/1-foo.spec.ts': "import { test } from 'vitest';\ntest('x', () => {});" }],
    ['a suite that does not compile', BROKEN],
  ])('refuses %s before grading', (name, files) => {
    expect(() => loadCheckedPrivateSuites(suites(name.replace(/\W+/g, '-'), files), CHAPTERS)).toThrow(PrivateSuiteError);
  });

  test('a broken private suite stops grade with exit 2, naming the file, before any student is graded', () => {
    const submissions = join(work, 'class-broken');
    cpSync(FIXTURE_SOLUTIONS, join(submissions, 'ann', 'chapters'), { recursive: true });
    const ran = entry('checker/class/cli.ts', [submissions, '--out', join(work, 'book-broken'), '--suites', suites('broken', FIXTURE_BROKEN), '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain('a private suite does not compile against the starter code. Nothing was graded');
    expect(ran.stderr).toContain('01-numbers/3-broken.test.ts');
    expect(ran.stderr).not.toMatch(/Found \d+ students/);
    expect(() => readFileSync(join(work, 'book-broken', 'gradebook.json'))).toThrow();
  });

  test('check --suites grades them on top of the public suite: an exercise passes only if both pass', () => {
    const json = join(work, 'solutions.json');
    const ran = checker(['check', '--target', FIXTURE_SOLUTIONS, '--suites', fixtureHidden, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stderr).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const byId = new Map(report.exercises.map((exercise) => [exercise.id, exercise]));
    const publicMax = FIXTURE_CHAPTERS.flatMap((chapter) => chapter.exercises).reduce((sum, exercise) => sum + Object.keys(exercise.tests).length, 0);
    expect(report.tests_total).toBe(publicMax + 2);
    expect(report.tests_passed).toBe(publicMax + 1);
    expect(report.score, 'only the exercises whose public and private tests all pass').toBe(report.exercises.filter((exercise) => exercise.status === 'pass').length);
    expect(report.score).toBe(report.max_score - 1);
    expect(byId.get('01/1')!.status).toBe('pass');
    expect(byId.get('01/1')!.tests.at(-1)).toMatchObject({ name: '[private] exports the server class', status: 'pass' });
    expect(byId.get('01/2')!.status).toBe('fail');
    expect(byId.get('01/2')!.message).toContain('hidden rule broken');
    expect(byId.get('01/3')!.status).toBe('pass');
    expect(byId.get('02/1')!.status).toBe('pass');
  });

  test('grade --suites applies them to every student, and a bad suites folder stops with exit 2', () => {
    const submissions = join(work, 'class');
    for (const name of ['ann', 'bob']) cpSync(FIXTURE_SOLUTIONS, join(submissions, name, 'chapters'), { recursive: true });
    const ran = entry('checker/class/cli.ts', [submissions, '--out', join(work, 'book'), '--suites', fixtureHidden, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stderr).toBe(0);
    const book = JSON.parse(readFileSync(join(work, 'book', 'gradebook.json'), 'utf8')) as { students: Report[] };
    expect(book.students, 'ann and bob').toHaveLength(2);
    for (const student of book.students) {
      expect(student.exercises.map((exercise) => exercise.status)).toEqual(['pass', 'fail', ...Array(FIXTURE_CHAPTERS.flatMap((chapter) => chapter.exercises).length - 2).fill('pass')]);
    }
    const bad = entry('checker/class/cli.ts', [submissions, '--out', join(work, 'book2'), '--suites', join(work, 'missing')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--suites');
  });
});
