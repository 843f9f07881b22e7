import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { CHAPTERS } from '../../../../checker/course/current.ts';
import { buildReport } from '../../../../checker/report/build.ts';
import type { ExerciseReport, Report } from '../../../../checker/report/shape.ts';
import { gradescopeFailure, gradescopeJson, gradescopeResults, locateSubmission, safeFolderName, writeGradescopeResults } from '../../../../checker/gradescope/results.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

/** The keys Gradescope's autograder specification documents for results.json and for one test case. */
const TOP_KEYS = ['score', 'execution_time', 'output', 'output_format', 'test_output_format', 'test_name_format', 'visibility', 'stdout_visibility', 'extra_data', 'tests', 'leaderboard'];
const TEST_KEYS = ['score', 'max_score', 'status', 'name', 'name_format', 'number', 'output', 'output_format', 'tags', 'visibility', 'extra_data'];

function exercise(id: string, status: ExerciseReport['status'], message = ''): ExerciseReport {
  return {
    id,
    title: `title of ${id}`,
    status,
    message,
    hint: `hint for ${id}`,
    todo: `chapters/01-mini-mcp/server.ts:${id.length}`,
    points: status === 'pass' ? 2 : 0,
    max_points: 2,
    tests: [{ name: 'a test', title: 'a test', status, message }],
  };
}

function report(exercises: ExerciseReport[], lang: Report['lang'] = 'en'): Report {
  return buildReport({ target: 'chapters', lang, exercises, type_errors: [] });
}

describe('gradescopeResults', () => {
  test('gives every exercise its own test case with the report\'s points, and the report\'s score on top', () => {
    const results = gradescopeResults(report([exercise('01/1', 'pass'), exercise('01/2', 'fail', 'wrong reply')]));
    expect(results.score).toBe(2);
    expect(results.tests.map((entry) => [entry.name, entry.number, entry.score, entry.max_score, entry.status])).toEqual([
      ['01/1 title of 01/1', '1.1', 2, 2, 'passed'],
      ['01/2 title of 01/2', '1.2', 0, 2, 'failed'],
    ]);
    expect(results.tests[1]!.output).toBe('fail: wrong reply\n\nLook at: chapters/01-mini-mcp/server.ts:4\nHint: hint for 01/2');
    expect(results.tests[0]!.output).toBe('pass');
    expect(results.output).toContain('score 2/4');
  });

  test('counts error and timeout as failed, and writes in the report\'s language', () => {
    const results = gradescopeResults(report([exercise('02/1', 'timeout', '멈췄다'), exercise('02/2', 'error', '불러오지 못했다')], 'ko'));
    expect(results.tests.map((entry) => entry.status)).toEqual(['failed', 'failed']);
    expect(results.tests[0]!.output).toMatch(/^시간 초과: 멈췄다\n\n살펴볼 곳: /);
    expect(results.output).toContain('점수 0/4');
  });

  test('never shows a stack trace, and cuts a runaway message', () => {
    const message = `Loading the code failed: boom\n    at load (chapters/01-mini-mcp/server.ts:3:9)\n    at node:internal/modules:1:1\n${'x'.repeat(10_000)}`;
    const output = gradescopeResults(report([exercise('01/1', 'error', message)])).tests[0]!.output;
    expect(output).not.toMatch(/^\s+at\s/m);
    expect(output).toContain('Loading the code failed: boom');
    expect(output.length).toBeLessThan(4_100);
  });

  test('a runaway message is cut before where to look and the hint, which always show', () => {
    const output = gradescopeResults(report([exercise('01/1', 'fail', 'y'.repeat(50_000))])).tests[0]!.output;
    expect(output.length).toBeLessThan(2_200);
    expect(output).toContain('y…\n\nLook at: chapters/01-mini-mcp/server.ts:4\nHint: hint for 01/1');
  });

  test("shows what the learner's code printed in the first failing test, bounded as check shows it", () => {
    const failing = exercise('01/2', 'fail', 'wrong reply');
    const lines = Array.from({ length: 20 }, (_, index) => ({ stream: index === 0 ? 'stderr' as const : 'stdout' as const, text: `line ${index} ${'z'.repeat(290)}` }));
    failing.tests = [{ name: 'a test', title: 'a test', status: 'fail', message: 'wrong reply', output: { lines, more: 5_000 } }];
    const output = gradescopeResults(report([failing])).tests[0]!.output;
    expect(output).toContain('Hint: hint for 01/2\n\nWhat your code printed during this test (console, stdout and stderr):\n│ (stderr) line 0 ');
    expect(output).toContain('│ line 1 ');
    // Twenty lines of 300 characters do not all fit after the message: the box is cut, and says so.
    expect(output.length).toBeLessThanOrEqual(4_001);
    expect(output.endsWith('…')).toBe(true);
    const few = exercise('01/2', 'fail', 'wrong reply');
    few.tests = [{ name: 'a test', title: 'a test', status: 'fail', message: 'wrong reply', output: { lines: [{ stream: 'stdout', text: 'hello' }], more: 3 } }];
    expect(gradescopeResults(report([few])).tests[0]!.output).toMatch(/│ hello\n│ … 3 more lines \(only the first 20 are shown\)$/);
    // A passing exercise shows no output, even when its tests printed.
    const passing = exercise('01/1', 'pass');
    passing.tests = [{ name: 'a test', title: 'a test', status: 'pass', message: '', output: { lines: [{ stream: 'stdout', text: 'hi' }], more: 0 } }];
    expect(gradescopeResults(report([passing])).tests[0]!.output).toBe('pass');
  });

  test('uses only the documented keys, and sets visibility only when asked', () => {
    const plain = JSON.parse(gradescopeJson(gradescopeResults(report([exercise('01/1', 'fail', 'no')])))) as Record<string, unknown>;
    expect(Object.keys(plain).every((key) => TOP_KEYS.includes(key))).toBe(true);
    expect(plain).not.toHaveProperty('visibility');
    const tests = plain['tests'] as Record<string, unknown>[];
    for (const entry of tests) expect(Object.keys(entry).every((key) => TEST_KEYS.includes(key))).toBe(true);
    const hidden = gradescopeResults(report([exercise('01/1', 'pass')]), { visibility: 'after_due_date', stdoutVisibility: 'hidden', testVisibility: 'after_published' });
    expect(hidden.visibility).toBe('after_due_date');
    expect(hidden.stdout_visibility).toBe('hidden');
    expect(hidden.tests[0]!.visibility).toBe('after_published');
  });

  test('a failure result scores 0 with its reason and no test cases', () => {
    expect(gradescopeFailure('no chapters')).toEqual({ score: 0, output: 'no chapters', tests: [] });
  });
});

describe('locateSubmission', () => {
  const root = tempDir('gradescope-locate');
  const chapter = CHAPTERS[0]!.dir;
  beforeAll(() => {
    writeTree(root, {
      [`repo/chapters/${chapter}/server.ts`]: 'x',
      [`repo/package.json`]: '{}',
      [`wrapped/mcp-ts-workshop-main/chapters/${chapter}/server.ts`]: 'x',
      [`wrapped/.DS_Store`]: '',
      [`only/${chapter}/server.ts`]: 'x',
      [`nothing/notes.txt`]: 'x',
      [`two/a/${chapter}/server.ts`]: 'x',
      [`two/b/readme.txt`]: 'x',
    });
  });

  test('finds the chapters of a whole copy, of a wrapped copy and of chapter folders alone', () => {
    expect(locateSubmission(join(root, 'repo'), CHAPTERS)?.chaptersDir).toBe(join(root, 'repo', 'chapters'));
    expect(locateSubmission(join(root, 'wrapped'), CHAPTERS)?.chaptersDir).toBe(join(root, 'wrapped', 'mcp-ts-workshop-main', 'chapters'));
    expect(locateSubmission(join(root, 'only'), CHAPTERS)?.chaptersDir).toBe(join(root, 'only'));
    expect(locateSubmission(join(root, 'only'), CHAPTERS)?.shownAs).toBe('chapters');
  });

  test('finds none in a folder without chapters, in two folders, or where there is no folder', () => {
    expect(locateSubmission(join(root, 'nothing'), CHAPTERS)).toBeNull();
    expect(locateSubmission(join(root, 'two'), CHAPTERS)).toBeNull();
    expect(locateSubmission(join(root, 'missing'), CHAPTERS)).toBeNull();
  });
});

describe('writeGradescopeResults', () => {
  const out = tempDir('gradescope-write');

  test('writes one results.json per student under gradescope/, with safe and distinct folder names', () => {
    const row = (name: string) => ({ name, report: report([exercise('01/1', 'pass')]) });
    const files = writeGradescopeResults(out, [row('kim'), row('../evil'), row('kim')]);
    expect(files.map((file) => file.slice(out.length + 1))).toEqual(['gradescope/kim/results.json', 'gradescope/__evil/results.json', 'gradescope/kim-2/results.json']);
    for (const file of files) expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(files[0]!, 'utf8'))).toMatchObject({ score: 2, tests: [{ status: 'passed' }] });
    // Each folder maps back to its submission, a name like `__proto__` among them.
    writeGradescopeResults(out, [row('lee a'), row('lee/a'), row('__proto__'), row('students.json')]);
    const map = JSON.parse(readFileSync(join(out, 'gradescope', 'students.json'), 'utf8')) as Record<string, string>;
    expect(Object.entries(map)).toEqual([['lee_a', 'lee a'], ['lee_a-2', 'lee/a'], ['__proto__', '__proto__'], ['students.json-2', 'students.json']]);
  });

  test('safeFolderName keeps letters of any script and replaces the rest', () => {
    expect(safeFolderName('김 민수/2')).toBe('김_민수_2');
    expect(safeFolderName('..')).toBe('_');
    expect(safeFolderName('')).toBe('_');
  });
});
