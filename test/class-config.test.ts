import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import { parseGradeArgs } from '../checker/class/args.ts';
import { readClassConfig } from '../checker/course/class-file.ts';
import { diffGradebooks, renderDiff } from '../checker/class/books/diff.ts';
import { readGradebook } from '../checker/class/books/gradebook.ts';
import type { Gradebook } from '../checker/class/books/gradebook.ts';
import { langOption } from '../checker/usage/command-line.ts';
import { readCommandLine } from '../checker/usage/prologue.ts';
import { parseCsv } from './support/class.ts';
import { classFileRefusal } from './support/class-file.ts';
import { FIXTURE_CHAPTERS as CHAPTERS, FIXTURE_SOLUTIONS, FIXTURE_STARTERS, fixtureTs as runTs } from './support/course.ts';
import { inProcess } from './support/in-process.ts';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';
import type { Ran } from './support/run.ts';

/*
 * One process per command and exit code: grade writing a gradebook (0), regrading one student (0) and refusing an
 * unknown one (2), grading at a deadline with git (0), grade:diff (0). The refusals of a class file and of a deadline
 * without a time zone, and the Korean text for two equal gradebooks, run the code the entry points run for them, in
 * this process.
 */

/** The fixture course's starters and solutions (test/fixtures/course), which these classes are made of. */
const committedStarters = () => FIXTURE_STARTERS;

/** A class graded with a class file (weights, roster), then one student regraded into the same gradebook. */
let work: string;
let submissions: string;
let config: string;
let out: string;
let first: Ran;
let firstCsv: string[][];
let before: string;
let firstBook: Gradebook;
let html: string;
const run = (...args: string[]) => runTs('checker/class/cli.ts', [submissions, '--out', out, '--lang', 'en', '--timeout', GRADING_TIMEOUT, ...args], { timeoutMs: 240_000 });
const grade = (...extra: string[]) => run('--config', config, ...extra);
const csv = () => parseCsv(readFileSync(join(out, 'gradebook.csv'), 'utf8'));
const book = () => JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Gradebook;
const ids = allExercises(CHAPTERS).map(({ exercise }) => exercise.id);

// The class is laid out and graded before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'class-config-'));
  submissions = join(work, 'class');
  mkdirSync(submissions);
  cpSync(FIXTURE_SOLUTIONS, join(submissions, 'ann', 'chapters'), { recursive: true });
  cpSync(committedStarters(), join(submissions, 'bob', 'chapters'), { recursive: true });
  mkdirSync(join(submissions, 'cho'));
  writeFileSync(join(submissions, 'dan.zip'), 'not a zip');
  // Names that are Object properties, beside honest classmates: a starter copy, an empty folder and a solved copy (each grades as bob, cho or ann).
  cpSync(committedStarters(), join(submissions, 'constructor', 'chapters'), { recursive: true });
  mkdirSync(join(submissions, '__proto__'));
  cpSync(FIXTURE_SOLUTIONS, join(submissions, 'toString', 'chapters'), { recursive: true });
  config = join(work, 'class.json');
  // `dan` answers for dan.zip; nobody handed in nothing.
  writeFileSync(config, JSON.stringify({ weights: { '01/1': 3 }, roster: { ann: 'S-001', bob: 'S-002', dan: 'S-003', nobody: 'S-404' }, canvasAssignment: 'Workshop' }));
  out = join(work, 'out');
  first = grade('--similarity');
  firstCsv = csv();
  before = join(work, 'before');
  cpSync(out, before, { recursive: true });
  firstBook = book();
  html = readFileSync(join(out, 'report.html'), 'utf8');
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A CSV row as a record keyed by the header. */
function rowOf(rows: string[][], name: string): Record<string, string> {
  const found = rows.find((fields) => fields[0] === name)!;
  return Object.fromEntries(rows[0]!.map((header, index) => [header, found[index]!]));
}

describe('grade --config: weights and a roster from a class file, never from the checker', () => {
  test('the CSV carries the id column, numeric points with the class weight, and a percent', () => {
    expect(first.status, first.stderr).toBe(0);
    expect(firstCsv[0]).toEqual(['student', 'id', ...ids.map((id) => `${id} points`), 'score', 'max', 'percent', 'tests passed', 'tests total', 'reason']);
    const ann = rowOf(firstCsv, 'ann');
    expect(ann['id']).toBe('S-001');
    expect(ann['01/1 points']).toBe('3');
    expect(ann['max']).toBe(String(ids.length + 2));
    expect(ann['percent']).toBe('100');
    expect(rowOf(firstCsv, 'cho')['id']).toBe('');
    expect(rowOf(firstCsv, 'dan.zip')['id']).toBe('S-003');
    expect(first.stderr).toContain('Warning: the roster names nobody, but there is no such submission.');
  });

  test('a roster student who handed in nothing gets a row of 0, "not handed in"', () => {
    const nobody = rowOf(firstCsv, 'nobody');
    expect(nobody).toMatchObject({ id: 'S-404', score: '0', max: String(ids.length + 2), reason: 'not handed in' });
    for (const id of ids) expect(nobody[`${id} points`]).toBe('0');
    expect(html).toMatch(/<td class="cell missing" data-student="nobody"/);
  });

  test('gradebook-canvas.csv has Canvas\'s import columns, a Points Possible row and one assignment column', () => {
    const rows = parseCsv(readFileSync(join(out, 'gradebook-canvas.csv'), 'utf8'));
    expect(rows[0]).toEqual(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'Workshop']);
    expect(rows[1]).toEqual(['Points Possible', '', '', '', '', String(ids.length + 2)]);
    expect(rows.find((row) => row[0] === 'ann')).toEqual(['ann', '', 'S-001', '', '', String(ids.length + 2)]);
    expect(rows.find((row) => row[0] === 'nobody')).toEqual(['nobody', '', 'S-404', '', '', '0']);
    expect(rows.find((row) => row[0] === 'dan.zip')?.[2]).toBe('S-003');
  });

  test('students named constructor, __proto__ and toString are rows like any other, with no id the roster does not give', () => {
    expect(firstCsv[0]).toHaveLength(ids.length + 8);
    expect(firstCsv.every((row) => row.length === firstCsv[0]!.length)).toBe(true);
    expect(rowOf(firstCsv, 'constructor')).toMatchObject({ id: '', score: rowOf(firstCsv, 'bob')['score'] });
    expect(rowOf(firstCsv, '__proto__')).toMatchObject({ id: '', score: '0', reason: 'empty folder' });
    expect(rowOf(firstCsv, 'toString')).toMatchObject({ id: '', percent: '100' });
    const names = firstBook.students.map((entry) => entry.student);
    expect(names).toEqual(expect.arrayContaining(['constructor', '__proto__', 'toString']));
    for (const name of ['constructor', '__proto__', 'toString']) expect(firstBook.students.find((entry) => entry.student === name)).not.toHaveProperty('id');
    expect(JSON.stringify(firstBook)).not.toContain('function');
    expect(html).toMatch(/<th>__proto__<\/th>/);
  });

  test('gradebook.json records the provenance: checker commit, Node, limits, weights, date', () => {
    const { provenance } = firstBook;
    expect(provenance.checker_commit).toMatch(/^[0-9a-f]{40}$/);
    expect(provenance.node).toBe(process.version);
    // The class was graded with --timeout GRADING_TIMEOUT: the file limit is that, and a test's half of it.
    expect(provenance.limits).toEqual({ file_ms: Number(GRADING_TIMEOUT) * 1000, test_ms: Number(GRADING_TIMEOUT) * 500 });
    expect(provenance.weights).toEqual({ '01/1': 3 });
    expect(provenance.deadline).toBeNull();
    expect(Date.parse(provenance.generated_at)).not.toBeNaN();
    expect(firstBook.students.find((entry) => entry.student === 'ann')?.id).toBe('S-001');
  });

  test('report.html has distinct states for not handed in and could not be read, statistics, provenance, and a header on every column', () => {
    expect(html).toMatch(/<td class="cell missing" data-student="cho"/);
    expect(html).toMatch(/<td class="cell unreadable" data-student="dan.zip"/);
    expect(html).toContain('Class statistics');
    expect(html).toMatch(/score mean [\d.]+ · median [\d.]+ \(4 students graded\)/);
    expect(html).toContain('What produced this gradebook');
    expect(html).not.toContain('<th></th>');
    expect(html).not.toContain('⏱');
  });

  test('a class file with an unknown exercise id is refused with exit 2, naming the key', async () => {
    const bad = join(work, 'bad.json');
    writeFileSync(bad, JSON.stringify({ weights: { '09/9': 2 } }));
    const refused = await classFileRefusal(bad, CHAPTERS);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('weights.09/9');
  });
});

describe('grade --only: one student regraded into the existing gradebook', () => {
  test("bob's new work is graded and every other row stays as it was; the regrade is recorded", () => {
    cpSync(join(FIXTURE_SOLUTIONS, '01-numbers'), join(submissions, 'bob', 'chapters', '01-numbers'), { recursive: true });
    const again = grade('--only', 'bob');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/Found 1 students/);
    const rows = csv();
    expect(rowOf(rows, 'bob')['01/1 points']).toBe('3');
    expect(Number(rowOf(rows, 'bob')['score'])).toBeGreaterThan(Number(rowOf(firstCsv, 'bob')['score']));
    for (const name of ['ann', 'cho', 'dan.zip']) expect(rowOf(rows, name), name).toEqual(rowOf(firstCsv, name));
    const after = book();
    expect(after.provenance).toEqual(firstBook.provenance);
    expect(after.regrades?.map((regrade) => regrade.students)).toEqual([['bob']]);
  });

  test('without --config it keeps the gradebook\'s weights, roster ids and similarity pass', () => {
    const again = run('--only', 'bob');
    expect(again.status, again.stderr).toBe(0);
    const rows = csv();
    expect(rowOf(rows, 'bob')).toMatchObject({ id: 'S-002', max: String(ids.length + 2), '01/1 points': '3' });
    expect(rowOf(rows, 'nobody')['reason']).toBe('not handed in');
    expect(book().similarity).toBeDefined();
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Similar submissions');
    expect(book().provenance).toEqual(firstBook.provenance);
  });

  test('a class file or deadline other than the gradebook\'s is refused with exit 2, naming the setting, and nothing is written', () => {
    const before = readFileSync(join(out, 'gradebook.json'), 'utf8');
    const other = join(work, 'other.json');
    writeFileSync(other, JSON.stringify({ weights: { '01/1': 5 } }));
    const weights = run('--config', other, '--only', 'bob');
    expect(weights.status).toBe(2);
    expect(weights.stderr).toContain('(weights)');
    const deadline = grade('--only', 'bob', '--deadline', '2026-11-02T00:00:00+09:00');
    expect(deadline.status).toBe(2);
    expect(deadline.stderr).toContain('(deadline)');
    expect(readFileSync(join(out, 'gradebook.json'), 'utf8')).toBe(before);
  });

  test('a name that is no submission is refused, and nothing is written', () => {
    const before = readFileSync(join(out, 'gradebook.json'), 'utf8');
    const refused = grade('--only', 'eve');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('no such submissions');
    expect(readFileSync(join(out, 'gradebook.json'), 'utf8')).toBe(before);
  });
});

describe('grade --assignment: one assignment of the class file, its exercises, weights and deadline', () => {
  let klass: string;
  let classFile: string;
  let book: string;
  let ran: Ran;
  beforeAll(() => {
    klass = join(work, 'assignment-class');
    cpSync(FIXTURE_SOLUTIONS, join(klass, 'ann', 'chapters'), { recursive: true });
    // Only chapter 01 handed in: the first assignment is all of it, so nothing is missing.
    cpSync(join(FIXTURE_SOLUTIONS, '01-numbers'), join(klass, 'bob', 'chapters', '01-numbers'), { recursive: true });
    classFile = join(work, 'assignments.json');
    writeFileSync(classFile, JSON.stringify({ weights: { '02/1': 5 }, assignments: { week1: { exercises: ['01'], weights: { '01/1': 4 } }, week2: { exercises: ['02/1'], deadline: '2026-12-08T23:59:00+09:00' } } }));
    book = join(work, 'assignment-out');
    ran = runTs('checker/class/cli.ts', [klass, '--out', book, '--config', classFile, '--assignment', 'week1', '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 240_000 });
  });

  test("grades the assignment's exercises only, with its weights, and records it", () => {
    expect(ran.status, ran.stderr).toBe(0);
    const rows = parseCsv(readFileSync(join(book, 'gradebook.csv'), 'utf8'));
    const week1 = ids.filter((id) => id.startsWith('01/'));
    expect(rows[0]).toEqual(['student', ...week1.map((id) => `${id} points`), 'score', 'max', 'percent', 'tests passed', 'tests total', 'reason']);
    expect(rowOf(rows, 'bob')).toMatchObject({ score: String(week1.length + 3), max: String(week1.length + 3), reason: 'every exercise passed' });
    const { provenance } = JSON.parse(readFileSync(join(book, 'gradebook.json'), 'utf8')) as Gradebook;
    expect(provenance.assignment).toEqual({ name: 'week1', exercises: week1 });
    expect(provenance.weights).toEqual({ '01/1': 4 });
  });

  test("the class file's other assignment grades on its own: its one exercise, with the class's weight, and its own deadline", () => {
    const otherBook = join(work, 'assignment-out-2');
    const week2 = runTs('checker/class/cli.ts', [klass, '--out', otherBook, '--config', classFile, '--assignment', 'week2', '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 240_000 });
    expect(week2.status, week2.stderr).toBe(0);
    const rows = parseCsv(readFileSync(join(otherBook, 'gradebook.csv'), 'utf8'));
    expect(rows[0]).toEqual(['student', '02/1 points', 'score', 'max', 'percent', 'tests passed', 'tests total', 'reason']);
    expect(rowOf(rows, 'ann')).toMatchObject({ '02/1 points': '5', score: '5', max: '5' });
    // bob handed in chapter 01 alone: full marks in week1 above, nothing in week2.
    expect(rowOf(rows, 'bob')).toMatchObject({ '02/1 points': '0', score: '0', max: '5' });
    const { provenance } = JSON.parse(readFileSync(join(otherBook, 'gradebook.json'), 'utf8')) as Gradebook;
    expect(provenance.assignment).toEqual({ name: 'week2', exercises: ['02/1'] });
    expect(provenance.deadline).toBe('2026-12-08T14:59:00.000Z');
  });

  test('an assignment the class file does not name is refused with exit 2, naming the ones it has', async () => {
    const refused = runTs('checker/class/cli.ts', [klass, '--out', join(work, 'none3'), '--config', classFile, '--assignment', 'week9', '--lang', 'en']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('no assignment named week9. Its assignments: week1, week2');
  });

  test('an assignment naming no exercise of the course is refused, naming the key', async () => {
    const bad = join(work, 'bad-assignment.json');
    writeFileSync(bad, JSON.stringify({ assignments: { week1: { exercises: ['09'] } } }));
    const refused = await classFileRefusal(bad, CHAPTERS);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('assignments.week1.exercises');
    expect(readClassConfig(classFile, allExercises(CHAPTERS)).assignments.get('week2')).toMatchObject({ exercises: ['02/1'], deadline: new Date('2026-12-08T14:59:00Z') });
  });
});

describe('grade:diff: who moved between two gradebooks, on which exercise, and why', () => {
  test('names bob, his score before and after, each changed exercise with its old and new message, and nobody else', () => {
    const json = join(work, 'diff.json');
    const ran = runTs('checker/class/diff-cli.ts', [before, out, '--json', json, '--lang', 'en']);
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^bob: score \d+ → \d+$/m);
    expect(ran.stdout).toContain('01/1: fail (0) → pass (3)');
    expect(ran.stdout).toMatch(/ {4}before: .+\n {4}after: –/);
    const diff = JSON.parse(readFileSync(json, 'utf8')) as { moved: { student: string }[]; added: string[]; removed: string[] };
    expect(diff.moved.map((move) => move.student)).toEqual(['bob']);
    expect([diff.added, diff.removed]).toEqual([[], []]);
  });

  test('two equal gradebooks: says so, in Korean by default', () => {
    // What class/diff-cli.ts prints: its language is langOption's default when --lang is not given.
    const same = readGradebook(out)!;
    expect(renderDiff(diffGradebooks(same, readGradebook(out)!), langOption(undefined, { CHECKER_LANG: '' })).trim()).toBe('두 성적표가 같다: 점수가 바뀐 학생이 없다.');
  });
});

describe('grade --deadline: each .git copy at its last commit at or before the deadline', () => {
  let klass: string;
  let onTime: string;
  let book: string;
  let ran: Ran;
  beforeAll(() => {
    klass = join(work, 'deadline-class');
    const repo = join(klass, 'eun');
    const gitIn = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { encoding: 'utf8' });
    cpSync(committedStarters(), join(repo, 'chapters'), { recursive: true });
    gitIn('init', '-q');
    gitIn('add', '-A');
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'starter'], { env: { ...process.env, GIT_COMMITTER_DATE: '2026-11-01T10:00:00+09:00', GIT_AUTHOR_DATE: '2026-11-01T10:00:00+09:00' } });
    onTime = gitIn('rev-parse', 'HEAD').trim();
    cpSync(FIXTURE_SOLUTIONS, join(repo, 'chapters'), { recursive: true });
    gitIn('add', '-A');
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'late'], { env: { ...process.env, GIT_COMMITTER_DATE: '2026-11-03T10:00:00+09:00', GIT_AUTHOR_DATE: '2026-11-03T10:00:00+09:00' } });
    // A copy without .git, solved: graded as it is, and marked so.
    cpSync(FIXTURE_SOLUTIONS, join(klass, 'fay', 'chapters'), { recursive: true });
    book = join(work, 'deadline-out');
    ran = runTs('checker/class/cli.ts', [klass, '--out', book, '--deadline', '2026-11-02T00:00:00+09:00', '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 240_000 });
  });
  const entries = () => (JSON.parse(readFileSync(join(book, 'gradebook.json'), 'utf8')) as Gradebook).students;

  test('the late commit is not graded: the commit before the deadline is, and it is recorded with its date', () => {
    expect(ran.status, ran.stderr).toBe(0);
    const eun = entries().find((entry) => entry.student === 'eun')!;
    expect(eun.snapshot).toEqual({ kind: 'commit', commit: onTime, date: '2026-11-01T10:00:00+09:00', newer: 'after-deadline', notOwn: 'starter' });
    expect(eun.score).toBe(0);
    expect(eun.reason).toContain(`graded commit ${onTime.slice(0, 12)} (2026-11-01T10:00:00+09:00)`);
    expect(eun.reason).toContain('newer work committed after the deadline');
    expect(eun.reason).toContain("chapter folders are the starter as it was");
  });

  test("an uncommitted clone of the course says so in its row, in the run's summary and at the top of the report", () => {
    // A clone of the course itself, its work solved in the copy and never committed: its HEAD is the course's own
    // commit (the fixture chapters are not in it, so the run only reports them missing). A deadline after that commit.
    const cloned = join(work, 'clone-class');
    const gus = join(cloned, 'gus');
    execFileSync('git', ['clone', '-q', '--no-checkout', '--depth', '1', `file://${REPO}`, gus]);
    cpSync(FIXTURE_SOLUTIONS, join(gus, 'chapters'), { recursive: true });
    const courseHead = execFileSync('git', ['-C', REPO, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const clonedBook = join(work, 'clone-out');
    const graded = runTs('checker/class/cli.ts', [cloned, '--out', clonedBook, '--deadline', '2100-01-01T00:00:00Z', '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 240_000 });
    expect(graded.status, graded.stderr).toBe(0);
    const row = (JSON.parse(readFileSync(join(clonedBook, 'gradebook.json'), 'utf8')) as Gradebook).students.find((entry) => entry.student === 'gus')!;
    expect(row.snapshot).toMatchObject({ kind: 'commit', commit: courseHead, newer: 'uncommitted', notOwn: 'course-history' });
    expect(row.reason).toContain('newer work that was never committed (not graded)');
    expect(row.reason).toContain("the course repository's own; the student made no commit");
    expect(row.score).toBe(0);
    expect(graded.stderr).toMatch(/Warning: these copies hold work newer than their commit at the deadline, which was not graded: gus$/m);
    expect(graded.stderr).toMatch(/the commit graded holds no work of the student's own .*: gus$/m);
    const page = readFileSync(join(clonedBook, 'report.html'), 'utf8');
    expect(page).toMatch(/<p class="warning">Warning: these copies hold work newer .*: gus<\/p>/);
    expect(readFileSync(join(clonedBook, 'gradebook.csv'), 'utf8')).toMatch(/^gus,.*never committed/m);
    // The late committer is summed up in its own run the same way.
    expect(ran.stderr).toMatch(/Warning: these copies hold work newer than their commit at the deadline, which was not graded: eun$/m);
  });

  test('a copy without .git is graded as it is, and marked so; the deadline is in the provenance', () => {
    const fay = entries().find((entry) => entry.student === 'fay')!;
    expect(fay.snapshot).toEqual({ kind: 'no-git' });
    expect(fay.score).toBe(fay.max_score);
    expect(fay.reason).toBe('every exercise passed; no .git: graded as it is');
    expect((JSON.parse(readFileSync(join(book, 'gradebook.json'), 'utf8')) as Gradebook).provenance.deadline).toBe('2026-11-01T15:00:00.000Z');
  });

  test('a deadline without a time zone is refused with exit 2', async () => {
    // class/cli.ts's opening: readCommandLine with grade's topic and parser.
    const argv = [klass, '--out', join(work, 'none2'), '--deadline', '2026-11-02 00:00', '--lang', 'en'];
    const refused = await inProcess(() => readCommandLine(argv, 'grade', (words) => parseGradeArgs(words, {}), {}).exitCode ?? -1);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Give the time zone too');
  });
});
