import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_CHAPTERS, FIXTURE_ENV, fixtureChecker, fixtureEntryAsync, fixturePlanted, FIXTURE_SOLUTIONS } from './support/course.ts';
import { runAutograder } from './support/gradescope.ts';
import { GRADING_TIMEOUT } from './support/run.ts';

/*
 * What learner code can reach while it is graded, in every grader: one student plants every attack of this class,
 * beside an honest classmate, and both rows are checked. Chapter 1 of the fixture course holds the attacks:
 * - numbers.ts (loaded by 01/1, 01/2 and the private suite) lists folders with import.meta.glob, spelled with a comment
 *   inside, which a check of the source misses and the TypeScript transform turns into the form Vite expands;
 * - text.ts (loaded by 01/3) reads the private and public suites by node:fs and by import, lists the folders around
 *   its copy (the grader's home folder among them), and reads the grader's environment, then throws what it got, one
 *   `name:result` per attempt; and a type in it names the private helper, whose literal type a type error would print.
 */

let work: string;
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Code that runs only in the private suites; a report that holds it leaked them. */
const PRIVATE_CODE = 'const reachMarkerOfThePrivateSuite = [7, 1, 9].map((digit) => digit * 3);';

/** The instructor's private suites for the fixture course: one the solutions pass, with a helper beside it, written before the tests. */
let privates: string;
const PRIVATE_FILES: Record<string, string> = {
  '01-numbers/helper.ts': `export const WANTED = 'double';\nexport const PRIVATE_LITERAL = 'reach private literal';\n${PRIVATE_CODE}\nexport const HELPER_SECRET = 'private helper text ' + reachMarkerOfThePrivateSuite.join('');\n`,
  '01-numbers/1-exports.test.ts': [
    "import { test } from 'vitest';",
    "import * as numbers from '../../../chapters/01-numbers/numbers.ts';",
    "import { WANTED } from './helper.ts';",
    PRIVATE_CODE,
    "test('exports double', () => { if (typeof (numbers as Record<string, unknown>)[WANTED] !== 'function' || reachMarkerOfThePrivateSuite.length !== 3) throw new Error('no double'); });",
    '',
  ].join('\n'),
};
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'learner-reach-'));
  privates = join(work, 'private');
  for (const [path, body] of Object.entries(PRIVATE_FILES)) {
    mkdirSync(join(privates, path, '..'), { recursive: true });
    writeFileSync(join(privates, path), body);
  }
});

/** A secret in the grader's own environment, and one Vite would pass on as import.meta.env. */
const SECRET = `reach-secret-${process.pid}-instructor`;
const VITE_SECRET = `reach-secret-${process.pid}-vite`;
const GRADER_ENV = { INSTRUCTOR_SECRET: SECRET, VITE_INSTRUCTOR_TOKEN: VITE_SECRET };

/** The glob attack, at the top of numbers.ts: whatever it lists, it throws. */
const GLOB_ATTACK = [
  "const listed = Object.keys((import.meta as unknown as { glob(patterns: string[]): Record<string, unknown> })/* a comment the transform drops */.glob(['../../../*.ts', '../../checker/suites/*/*.ts']));",
  "throw new Error(`glob-listed:${listed.join(',')}`);",
  '',
].join('\n');

/** The reads, at the top of text.ts: each attempt says what it got (the first 120 characters) or that it was refused. */
const READ_ATTACK = [
  "import { readdirSync, readFileSync } from 'node:fs';",
  "import { homedir, tmpdir } from 'node:os';",
  "import { join } from 'node:path';",
  'const here = import.meta.dirname;',
  'const got: string[] = [];',
  'const attempt = async (name: string, run: () => unknown): Promise<void> => {',
  '  try {',
  '    got.push(`${name}:got:${JSON.stringify(await run()).slice(0, 120)}`);',
  '  } catch (error) {',
  "    got.push(`${name}:refused:${(error as { code?: string }).code ?? ''}`);",
  '  }',
  '};',
  "await attempt('env', () => Object.values(process.env).filter((value) => value?.startsWith('reach-secret')).join(','));",
  "await attempt('meta-env', () => Object.values(import.meta.env as Record<string, unknown>).filter((value) => String(value).startsWith('reach-secret')).join(','));",
  "await attempt('private-fs', () => readFileSync(join(here, '../../checker/suites/01-numbers.private/1-exports.test.ts'), 'utf8'));",
  "await attempt('public-fs', () => readFileSync(join(here, '../../checker/suites/01-numbers/1-double.test.ts'), 'utf8'));",
  "await attempt('private-import', async () => (await import(join(here, '../../checker/suites/01-numbers.private/helper.ts'))).HELPER_SECRET);",
  "await attempt('list-copy', () => readdirSync(join(here, '../..')));",
  "await attempt('list-scratch', () => readdirSync(join(here, '../../..')));",
  `await attempt('list-home', () => readdirSync(${JSON.stringify(homedir())}));`,
  "await attempt('list-own-home', () => readdirSync(homedir()));",
  "await attempt('list-system-tmp', () => readdirSync('/tmp'));",
  "await attempt('list-own-tmp', () => readdirSync(tmpdir()));",
  // A type names the private helper: the type check reads the suites, and its message would print the literal type.
  "export const typed: 1 = null as unknown as (typeof import('../../checker/suites/01-numbers.private/helper.ts'))['PRIVATE_LITERAL'];",
  "throw new Error(`reach ${got.join(' | ')}`);",
  '',
].join('\n');

/** The attacker's chapters: the fixture solutions with both attacks planted in chapter 1. */
function attackerChapters(): string {
  return fixturePlanted([{ file: '01-numbers/numbers.ts', prepend: GLOB_ATTACK }, { file: '01-numbers/text.ts', prepend: READ_ATTACK }], 'reach-attacker-');
}

/** The text of every private suite file, and lines of the public suite read above, none of which a report may show. */
const SUITE_TEXTS = ['reachMarkerOfThePrivateSuite', 'private helper text', 'reach private literal', "import { double } from '../../../chapters/01-numbers/numbers.ts'"];

/** Names a listing of the scratch folder or of the suites would show. */
const LISTED_NAMES = ['checker-setup.ts', 'checker-runner.ts', '_lib/disk.ts', '.sandbox'];

/** Checks that a text learners see (a report, a gradebook, results.json) holds no suite, listing or secret. */
function expectNothingReached(text: string, what: string): void {
  for (const suite of SUITE_TEXTS) expect(text, `${what} quotes a suite: ${suite}`).not.toContain(suite);
  for (const name of LISTED_NAMES) expect(text, `${what} names ${name}, which only a listing outside the copy shows`).not.toContain(name);
  expect(text, `${what} shows the grader's environment`).not.toContain(SECRET);
  expect(text, `${what} shows the grader's VITE_ variable`).not.toContain(VITE_SECRET);
}

/** Every attempt of the read attack was refused, or got nothing (the environment), as the attacker's 01/3 message says. */
function expectEveryReadRefused(message: string): void {
  expect(message).toContain('reach ');
  expect(message).toMatch(/env:got:""/);
  expect(message).toMatch(/meta-env:got:""/);
  for (const name of ['private-fs', 'public-fs', 'private-import', 'list-copy', 'list-scratch', 'list-home', 'list-system-tmp']) {
    expect(message, name).toMatch(new RegExp(`${name}:refused:ERR_ACCESS_DENIED`));
  }
  // HOME and TMPDIR are the one folder it may write, emptied before each group: listing them shows nothing of anyone else.
  expect(message).toMatch(/list-own-home:got:\[\]/);
  expect(message).toMatch(/list-own-tmp:got:\[\]/);
}

/** Checks the attacker's row: the glob refused (01/1, 01/2, the private suite), every read refused (01/3), chapter 2 full marks. */
function expectAttackerRow(report: Report): void {
  const byId = new Map(report.exercises.map((exercise) => [exercise.id, exercise]));
  for (const id of ['01/1', '01/2']) {
    expect(byId.get(id)!.status, id).toBe('error');
    expect(byId.get(id)!.message, id).toContain('import.meta.glob');
    expect(byId.get(id)!.message, id).not.toContain('glob-listed');
  }
  expect(byId.get('01/1')!.tests.at(-1)).toMatchObject({ name: '[private] exports double', status: 'error' });
  expect(byId.get('01/3')!.status).toBe('error');
  expectEveryReadRefused(byId.get('01/3')!.message);
  for (const id of ['02/1', '02/2']) expect(byId.get(id)!.status, id).toBe('pass');
  expect(report.type_errors.find((problem) => problem.file.endsWith('01-numbers/text.ts'))?.message).toContain('withheld');
  expectNothingReached(JSON.stringify(report), 'the attacker report');
}

/** The honest classmate's row: every exercise passes, the private suite's test too. */
function expectHonestRow(report: Report): void {
  expect(report.exercises.map((exercise) => `${exercise.id} ${exercise.status}`)).toEqual(FIXTURE_CHAPTERS.flatMap((chapter) => chapter.exercises).map((exercise) => `${exercise.id} pass`));
  expect(report.exercises.find((exercise) => exercise.id === '01/1')!.tests.at(-1)).toMatchObject({ name: '[private] exports double', status: 'pass' });
}

describe('what learner code can reach: only its own copy, and none of the grader environment', () => {
  test('check --suites: the attacks are refused, and the report shows no suite, listing or secret', () => {
    const json = join(work, 'check.json');
    const ran = fixtureChecker(['check', '--target', attackerChapters(), '--suites', privates, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { env: GRADER_ENV });
    expect(ran.status, ran.stderr).toBe(1);
    expectAttackerRow(JSON.parse(readFileSync(json, 'utf8')) as Report);
    expectNothingReached(ran.stdout + ran.stderr, 'check output');
  });

  test('grade --suites: the attacker gets refusals, the honest classmate full marks, and no file of the gradebook leaks', async () => {
    const klass = join(work, 'class');
    cpSync(attackerChapters(), join(klass, 'attacker', 'chapters'), { recursive: true });
    cpSync(FIXTURE_SOLUTIONS, join(klass, 'honest', 'chapters'), { recursive: true });
    const out = join(work, 'book');
    const ran = await fixtureEntryAsync('checker/class/cli.ts', [klass, '--out', out, '--suites', privates, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { env: GRADER_ENV });
    expect(ran.status, ran.stderr).toBe(0);
    const book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as { students: (Report & { student: string })[] };
    const byName = (name: string) => book.students.find((student) => JSON.stringify(student).includes(`"${name}"`))!;
    expectAttackerRow(byName('attacker'));
    expectHonestRow(byName('honest'));
    for (const file of ['gradebook.json', 'gradebook.csv', 'report.html']) expectNothingReached(readFileSync(join(out, file), 'utf8'), file);
    expectNothingReached(ran.stdout + ran.stderr, 'grade output');
  });

  test('Gradescope with private suites: results.json shows the refusals and no suite, listing or secret', () => {
    const { text } = runAutograder(join(work, 'gradescope'), (submission) => cpSync(attackerChapters(), join(submission, 'chapters'), { recursive: true }), {
      ...FIXTURE_ENV,
      ...GRADER_ENV,
      PRIVATE_SUITES: privates,
    });
    const results = JSON.parse(text) as { tests: { name: string; output: string; status: string }[] };
    const output = (id: string) => results.tests.find((entry) => entry.name.startsWith(`${id} `))!;
    expect(output('01/1').output).toContain('import.meta.glob');
    expect(output('01/1').status).toBe('failed');
    expectEveryReadRefused(output('01/3').output);
    expect(output('02/1').status).toBe('passed');
    expectNothingReached(text, 'results.json');
  });
});
