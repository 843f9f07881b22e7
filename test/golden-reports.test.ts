import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FIXTURE_STUDENTS, makeStudent } from './support/class.ts';
import { FIXTURE_ENV, fixtureChecker, fixtureTs } from './support/course.ts';
import { runAutograder } from './support/gradescope.ts';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';

/*
 * The reports graders hand on, byte for byte: gradebook.csv from `npm run grade`, the JUnit XML of `check --junit`
 * and Gradescope's results.json from run_autograder, each from one fixed grading of the fixture course
 * (test/fixtures/course), compared with the golden files in test/fixtures/golden/. Only what varies from run to run
 * is normalised first: the temporary folders a run grades in, should a report name one (none does today). Nothing
 * else is: the three reports hold no time, and a report that gained one would fail here until it is normalised too.
 *
 * A change to a report that is meant is taken by writing the golden files again and reading their diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/golden-reports.test.ts
 */

/** Where the golden files live. */
const GOLDEN = join(REPO, 'test', 'fixtures', 'golden');

/** Set to write the golden files from this run instead of comparing with them. */
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

/** The class graded for gradebook.csv: the fixture course solved, half solved (chapter 01), untouched, and a folder without chapters. */
const CLASS = [
  ['ann', 'solved'],
  ['bob', 'half'],
  ['cho', 'unsolved'],
  ['dan', 'empty'],
] as const;

/** The report with the run's temporary folders (as given and as resolved) written as `<tmp>`. */
function normalise(text: string, folders: readonly string[]): string {
  let out = text;
  for (const folder of folders) out = out.replaceAll(folder, '<tmp>');
  return out;
}

/** Compares `actual` with the golden file `name`, or writes it there under UPDATE_GOLDEN=1. */
function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN, name);
  if (UPDATE) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  expect(existsSync(file), `${name} is missing: write it with UPDATE_GOLDEN=1 npx vitest run test/golden-reports.test.ts`).toBe(true);
  expect(actual, `${name} differs from its golden file; if the change is meant, write it again with UPDATE_GOLDEN=1 and review the diff`).toBe(readFileSync(file, 'utf8'));
}

let work: string;
/** The run's temporary folders, as given and as resolved: both may appear in a report. */
let folders: string[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'golden-reports-'));
  folders = [...new Set([realpathSync(work), work])];
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the golden report files, from one fixed grading of the fixture course', () => {
  test('gradebook.csv of a class: solved, half solved, untouched and without chapters', () => {
    const submissions = join(work, 'class');
    for (const [name, kind] of CLASS) makeStudent(submissions, name, kind, FIXTURE_STUDENTS);
    const out = join(work, 'book');
    const ran = fixtureTs('checker/class/cli.ts', [submissions, '--out', out, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 300_000, env: { TZ: 'UTC' } });
    expect(ran.status, ran.stderr).toBe(0);
    expectGolden('gradebook.csv', normalise(readFileSync(join(out, 'gradebook.csv'), 'utf8'), folders));
  });

  test('the JUnit XML of check --junit on a copy with chapter 01 solved', () => {
    const target = join(work, 'half');
    makeStudent(work, 'half', 'half', FIXTURE_STUDENTS);
    const junit = join(work, 'half.xml');
    const ran = fixtureChecker(['check', '--all', '--target', target, '--junit', junit, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stderr).toBe(1);
    expectGolden('junit.xml', normalise(readFileSync(junit, 'utf8'), folders));
  });

  test("Gradescope's results.json from run_autograder on a copy with chapter 01 solved", () => {
    const { text } = runAutograder(join(work, 'gradescope'), (submission) => makeStudent(submission, 'copy', 'half', FIXTURE_STUDENTS), FIXTURE_ENV);
    expectGolden('results.json', normalise(text, folders));
  });
});

