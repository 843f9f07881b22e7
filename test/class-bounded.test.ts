import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_STUDENTS, makeStudent, parseCsv } from './support/class.ts';
import { FIXTURE_CHAPTERS as CHAPTERS, fixtureChecker as checker, fixtureTs as runTs } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

/*
 * Every trusted pass over student input is bounded per student, on the fixture course (test/fixtures/course): one
 * class graded with --similarity where one student declares a global overload in a file nobody imports, one imports
 * a generated 300 KB file of loops, one hands in a 200 KB array literal, and one throws a message full of terminal
 * escape sequences. Before, the overload reached every classmate's type check (honest solutions 0 of their
 * exercises), the file of loops stalled the checker's event loop while it was rewritten, and the array literal
 * overflowed the similarity pass's stack: no gradebook for anyone. Now each costs its own student alone.
 */

type Book = { students: (Report & { student: string })[]; similarity?: { not_compared: { chapter: string; student: string; reason: string }[] } };
const ids = allExercises(CHAPTERS).map(({ exercise }) => exercise.id);
let work: string;
let submissions: string;
let out: string;
let ran: Ran;
let book: Book;
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

// The class is planted and graded before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'class-bounded-'));
  submissions = join(work, 'class');
  out = join(work, 'out');
  for (const name of ['a-honest', 'b-honest', 'c-declares-global', 'd-huge-file', 'e-array-literal', 'f-escapes']) makeStudent(submissions, name, 'solved', FIXTURE_STUDENTS);
  const chapter = (name: string, dir: string) => join(submissions, name, 'chapters', dir);
  // Overloads of Math.max and Math.min that return a string: in a class-wide program, every solution's clamp stops type-checking.
  writeFileSync(
    join(chapter('c-declares-global', '02-pairs'), 'unused.ts'),
    'export {};\ndeclare global {\n  interface Math {\n    max(a: number, b: number): string;\n    min(a: number, b: string): string;\n  }\n}\n',
  );
  // Some 300 KB of loops, imported by the chapter's own module, so its suites load it.
  const loops = Array.from({ length: 6_000 }, (_, index) => `  for (let i${index} = 0; i${index} < n; i${index}++) total += i${index};`).join('\n');
  writeFileSync(join(chapter('d-huge-file', '01-numbers'), 'huge.ts'), `export function spin(n: number): number {\n  let total = 0;\n${loops}\n  return total;\n}\n`);
  const numbers = join(chapter('d-huge-file', '01-numbers'), 'numbers.ts');
  writeFileSync(numbers, `import './huge.ts';\n${readFileSync(numbers, 'utf8')}`);
  writeFileSync(join(chapter('e-array-literal', '02-pairs'), 'data.ts'), `export const DATA = [${Array.from({ length: 50_000 }, (_, index) => index % 10).join(', ')}];\n`);
  const pairs = join(chapter('f-escapes', '02-pairs'), 'pairs.ts');
  writeFileSync(pairs, `throw new Error('boom\\u001b]52;c;aGVsbG8=\\u0007\\u001b[2J\\rProgress: 4/4 exercises passed');\n${readFileSync(pairs, 'utf8')}`);
  ran = runTs('checker/class/cli.ts', [submissions, '--out', out, '--similarity', '--timeout', GRADING_TIMEOUT, '--lang', 'en'], { timeoutMs: 600_000 });
  book = existsSync(join(out, 'gradebook.json')) ? (JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Book) : { students: [] };
});
const entry = (name: string) => book.students.find((student) => student.student === name);
const statuses = (name: string) => ids.map((id) => entry(name)?.exercises.find((exercise) => exercise.id === id)?.status);
/** Any character that would act on a terminal or break a document instead of being shown. */
const ACTING = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

describe('a class with a global declaration, a 300 KB file of loops, a similarity bomb and escape sequences', () => {
  test('writes the gradebook, with every honest student fully graded and no type error', () => {
    expect(ran.status, ran.stderr).toBe(0);
    expect(book.students.map((student) => student.student)).toEqual(['a-honest', 'b-honest', 'c-declares-global', 'd-huge-file', 'e-array-literal', 'f-escapes']);
    for (const name of ['a-honest', 'b-honest', 'e-array-literal']) {
      expect(statuses(name), name).toEqual(ids.map(() => 'pass'));
      expect(entry(name)!.type_errors, name).toEqual([]);
    }
  });

  test('the huge file fails its own student alone, with a message naming it', () => {
    expect(statuses('d-huge-file')).toEqual(ids.map((id) => (id === '01/1' || id === '01/2' ? 'error' : 'pass')));
    const failed = entry('d-huge-file')!.exercises.find((exercise) => exercise.id === '01/1')!;
    expect(JSON.stringify(failed)).toContain('chapters/01-numbers/huge.ts is 3');
    expect(JSON.stringify(failed)).toContain('more than the 256 KB the checker takes in one file');
  });

  test('the global declaration reaches no other copy: each copy (a chapter content the class grades) is a program of its own', () => {
    // Its chapter 2 holds no Math call; its chapter 1, the same bytes as the honest students', is checked without it.
    expect(entry('c-declares-global')!.type_errors).toEqual([]);
    expect(statuses('c-declares-global')).toEqual(ids.map(() => 'pass'));
  });

  test('the array literal and the file of loops are "not compared" by similarity, each in its chapter, and the gradebook has the pass', () => {
    expect(book.similarity?.not_compared.map(({ chapter: dir, student }) => [dir, student])).toEqual([['01-numbers', 'd-huge-file'], ['02-pairs', 'e-array-literal']]);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Students not compared');
  });

  test('escape sequences in a thrown message are shown as text in the HTML and CSV, and kept in the JSON', () => {
    const message = entry('f-escapes')!.exercises.find((exercise) => exercise.id === '02/1')!.message;
    expect(message).toContain('\u001b]52;c;aGVsbG8=\u0007');
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(ACTING);
    const csv = readFileSync(join(out, 'gradebook.csv'), 'utf8');
    expect(csv.replace(/\r\n/g, '')).not.toMatch(ACTING);
    expect(parseCsv(csv).length).toBe(7);
  });

  test('check prints them as visible text: no clipboard write, no screen clear, no line rewritten', () => {
    const checked = checker(['check', '--target', join(submissions, 'f-escapes'), '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(checked.status, checked.stderr).toBe(1);
    expect(checked.stdout).not.toMatch(ACTING);
    expect(checked.stdout).toContain('boom␛]52;c;aGVsbG8=␇␛[2J␍Progress: 4/4 exercises passed');
  });
});
