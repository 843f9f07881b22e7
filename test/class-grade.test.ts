import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_STUDENTS, makeStudent, parseCsv } from './support/class.ts';
import type { Kind } from './support/class.ts';
import { FIXTURE_CHAPTERS as CHAPTERS, fixtureChecker as checker, fixtureTs as runTs } from './support/course.ts';
import { GRADING_TIMEOUT, HOSTILE_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

/*
 * npm run grade end to end on the fixture course (test/fixtures/course): the gradebook's CSV, JSON and HTML for a
 * class of one student of each kind. Chapter 01 has three exercises, chapter 02 two.
 */

/** The class: one student of each kind; the names test CSV quoting and Korean text. */
const CLASS: [string, Kind][] = [
  ['01-solved', 'solved'],
  ['02-unsolved', 'unsolved'],
  ['03-half', 'half'],
  ['04-chapters-only', 'chaptersOnly'],
  ['05-empty', 'empty'],
  ['06-hanging', 'hanging'],
  ['07-type-error', 'typeError'],
  ['08-not-a-folder.zip', 'notFolder'],
  ['09-김민수, "별명"', 'half'],
];
const ids = allExercises(CHAPTERS).map(({ exercise }) => exercise.id);
let work: string;
let submissions: string;
let ran: Ran;
let csv: string;
let rows: string[][];
let book: { students: (Report & { student: string; reason: string })[] };
let html: string;

// The class is built and graded before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'batch-grade-'));
  submissions = join(work, 'class');
  const out = join(work, 'out');
  mkdirSync(submissions);
  for (const [name, kind] of CLASS) makeStudent(submissions, name, kind, FIXTURE_STUDENTS);
  // The hostile runs' limit: it counts each file's CPU time, so honest exercises stay far from it however long a loaded
  // 2-core machine makes them wait for a fork; the hanging student's loop never ends, so it times out at any limit.
  ran = runTs('checker/class/cli.ts', [submissions, '--out', out, '--timeout', HOSTILE_TIMEOUT, '--lang', 'en'], { timeoutMs: 900_000, env: { TZ: 'Asia/Seoul' } });
  csv = existsSync(join(out, 'gradebook.csv')) ? readFileSync(join(out, 'gradebook.csv'), 'utf8') : '';
  rows = parseCsv(csv);
  book = existsSync(join(out, 'gradebook.json')) ? (JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as typeof book) : { students: [] };
  html = existsSync(join(out, 'report.html')) ? readFileSync(join(out, 'report.html'), 'utf8') : '';
});

/** The CSV row of a student, as a record from the header. */
function row(name: string): Record<string, string> {
  const found = rows.find((fields) => fields[0] === name);
  expect(found, `row for ${name}`).toBeDefined();
  return Object.fromEntries(rows[0]!.map((header, index) => [header, found![index]!]));
}

/** A student's status on each exercise, from gradebook.json (the CSV holds points). */
const statuses = (name: string) => ids.map((id) => book.students.find((entry) => entry.student === name)?.exercises.find((exercise) => exercise.id === id)?.status);
const max = String(allExercises(CHAPTERS).length);
const testsTotal = String(allExercises(CHAPTERS).reduce((sum, { exercise }) => sum + Object.keys(exercise.tests).length, 0));

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run grade on a generated class', () => {
  test('finishes, shows progress on stderr and writes the three files', () => {
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stderr).toMatch(/Found 9 students/);
    expect(ran.stderr).toMatch(/Grading: test files \d+\/\d+/);
    // Each progress line names a student being graded and, once the pace is known, the time left.
    expect(ran.stderr).toMatch(/Grading: test files \d+\/\d+ · \S[^\n]* · about \d+:\d\d left/);
    // Bounded time is the run's own safety net above (a run cut off there has no status); speed is for the bench.
  });

  test('the CSV is UTF-8 with a BOM, CRLF lines, and parses back to one row per student', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    expect(rows[0]).toEqual(['student', ...ids.map((id) => `${id} points`), 'score', 'max', 'percent', 'tests passed', 'tests total', 'reason']);
    expect(rows.slice(1).map((fields) => fields[0])).toEqual(CLASS.map(([name]) => name));
    for (const fields of rows.slice(1)) expect(fields).toHaveLength(rows[0]!.length);
  });

  test('solved, unsolved and mixed students get the right statuses', () => {
    expect(statuses('01-solved')).toEqual(ids.map(() => 'pass'));
    expect(ids.map((id) => row('01-solved')[`${id} points`]), 'the CSV holds each exercise\'s points').toEqual(ids.map(() => '1'));
    expect(row('01-solved')['percent']).toBe('100');
    expect(row('03-half')['percent']).toBe(String(Math.round((ids.filter((id) => id.startsWith('01/')).length / ids.length) * 1000) / 10));
    expect(row('01-solved')['score']).toBe(max);
    expect(row('01-solved')['tests passed']).toBe(testsTotal);
    expect(statuses('02-unsolved').every((status) => status === 'fail')).toBe(true);
    expect(row('02-unsolved')['score'], 'an untouched starter earns nothing, whatever guard tests it passes').toBe('0');
    expect(Number(row('02-unsolved')['tests passed'])).toBeGreaterThan(0);
    expect(row('03-half')['score']).toBe(String(ids.filter((id) => id.startsWith('01/')).length));
    for (const name of ['03-half', '04-chapters-only', '09-김민수, "별명"']) {
      expect(statuses(name)).toEqual(ids.map((id) => (id.startsWith('01/') ? 'pass' : 'fail')));
    }
    for (const [name] of CLASS) expect([row(name)['max'], row(name)['tests total']]).toEqual([max, testsTotal]);
  });

  test('empty, non-folder, hanging and non-type-checking students get rows with a reason', () => {
    expect(statuses('05-empty').every((status) => status === 'error')).toBe(true);
    expect(row('05-empty')['reason']).toBe('empty folder');
    expect(row('08-not-a-folder.zip')['reason']).toBe('the ZIP file cannot be read (damaged, or not a ZIP)');
    expect(row('01-solved')['reason']).toBe('every exercise passed');
    expect(row('02-unsolved')['reason']).toMatch(/^not passed: 01\/1, /);
    expect(statuses('06-hanging')).toEqual(ids.map((id) => (id.startsWith('01/') ? 'timeout' : 'fail')));
    expect(row('06-hanging')['reason']).toMatch(/timed out: 01\/1, 01\/2, 01\/3/);
    expect(row('07-type-error')['reason']).toMatch(/^1 type error \(first: chapters\/01-numbers\/numbers\.ts:\d+ TS2322\)/);
    // The type error is in numbers.ts: it blocks 01/1 and 01/2, whose files import it; 01/3 (text.ts) keeps its pass.
    expect(statuses('07-type-error')).toEqual(ids.map((id) => (id === '01/3' ? 'pass' : 'fail')));
  });

  test('gradebook.json holds each student in the checker JSON shape, equal to check --target on that student', () => {
    expect(book.students.map((entry) => entry.student)).toEqual(CLASS.map(([name]) => name));
    for (const entry of book.students) {
      expect(entry.version).toBe(2);
      expect(entry.exercises.map((exercise) => exercise.id)).toEqual(ids);
    }
    // The type-error student is checked alone: its chapter 01 is graded in a unit of its own, with its type error
    // found by the class's one type check and given back to it by file, and its chapter 02 is the untouched starter.
    const json = join(work, '07-type-error.json');
    checker(['check', '--target', join(submissions, '07-type-error'), '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    const alone = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const typeError = book.students.find((entry) => entry.student === '07-type-error')!;
    const tests = (report: Report, prefix = '') => report.exercises.filter((exercise) => exercise.id.startsWith(prefix)).map((exercise) => exercise.tests.map((one) => one.status));
    expect(typeError.score).toBe(alone.score);
    expect(tests(typeError)).toEqual(tests(alone));
    expect(typeError.type_errors.length).toBe(alone.type_errors.length);
    // The half student hands in those same bytes: its chapter 02 is graded in the very unit compared with check above,
    // and its chapter 01 in the solved student's, where check passes every test; so it needs no check of its own.
    const half = book.students.find((entry) => entry.student === '03-half')!;
    expect(tests(half, '02/')).toEqual(tests(typeError, '02/'));
    expect(tests(half, '01/').flat().every((status) => status === 'pass')).toBe(true);
    expect(half.score).toBe(ids.filter((id) => id.startsWith('01/')).length);
    expect(half.type_errors).toEqual([]);
  });

  test('report.html is self-contained and holds one heatmap cell per student and exercise, with names escaped', () => {
    const cells = [...html.matchAll(/<td class="cell (pass|fail|error|timeout|missing|unreadable)" data-student="([^"]*)" data-exercise="([^"]*)"/g)];
    expect(cells).toHaveLength(CLASS.length * ids.length);
    expect(new Set(cells.map((match) => `${match[2]}|${match[3]}`)).size).toBe(CLASS.length * ids.length);
    expect(html).toContain('data-student="09-김민수, &quot;별명&quot;"');
    // Nothing loads from anywhere: no script, stylesheet link, source or hyperlink (a message may still mention a URL as text).
    expect(html).not.toMatch(/<script|<link|\ssrc=|\shref=/);
    expect(html).toMatch(/Failure rate per exercise[\s\S]*Failure rate per test[\s\S]*/);
    expect(html).toContain('Most common failure message');
  });

  test('gradebook.json gives each student the same reason as the CSV, an empty folder included', () => {
    for (const entry of book.students) expect(entry.reason, entry.student).toBe(row(entry.student)['reason']);
    expect(book.students.find((entry) => entry.student === '05-empty')?.reason).toBe('empty folder');
  });

  test('report.html says what failure rates are out of and shows the counts', () => {
    expect(html).toContain('Rates are out of the students who handed in that chapter');
    // Chapter 1 was handed in by the seven folders that hold it (not the empty folder nor the zip file).
    expect(html).toMatch(/<td>01\/1<\/td><td>[^<]*<\/td><td>.*?<\/td><td>\d+ of 7<\/td>/);
    expect(html).toContain('failing / handed in');
  });

  test('report.html prints its time as a local date and time, not raw ISO UTC', () => {
    expect(html).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(html).toMatch(/generated \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d \(GMT\+9\)/);
  });

  test('refuses an output folder inside the submissions folder', () => {
    const inside = runTs('checker/class/cli.ts', [submissions, '--out', join(submissions, 'gradebook')]);
    expect(inside.status).toBe(2);
    expect(existsSync(join(submissions, 'gradebook'))).toBe(false);
  });
});
