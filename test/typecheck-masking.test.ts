import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../checker/report/shape.ts';
import { tscBinary, typecheck } from '../checker/grading/typecheck.ts';
import { fixtureChecker as checker, fixturePlanted as hostileCopy, fixtureTs as runTs } from './support/course.ts';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';

/**
 * tsc hides every semantic error while any file of its program has a syntax error; these tests plant both kinds
 * apart, in the fixture course (test/fixtures/course): a type error in chapter 1, a syntax error in chapter 2.
 */
const TYPE_ERROR = { file: '01-numbers/numbers.ts', prepend: "export const planted: number = 'not a number';\n" };
const SYNTAX_ERROR = { file: '02-pairs/pairs.ts', prepend: 'export const broken = (;\n' };

describe('typecheck: a syntax error hides no type error', () => {
  let scratch: string;
  let tsc: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'typecheck-masking-'));
    symlinkSync(join(REPO, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    cpSync(hostileCopy([TYPE_ERROR]), join(scratch, 't0', 'chapters'), { recursive: true });
    cpSync(hostileCopy([SYNTAX_ERROR]), join(scratch, 't1', 'chapters'), { recursive: true });
    // A file beside the broken one that imports it: a check that left out only the broken file would blame this one for
    // an import it cannot resolve. (The fixture course's own chapter 2 has no such file.)
    writeFileSync(join(scratch, 't1', 'chapters', '02-pairs', 'uses-pairs.ts'), "import { swap } from './pairs.ts';\n\nexport const swapped = swap([1, 2]);\n");
    tsc = tscBinary(REPO);
  });

  test("another student's syntax error: the type error is still reported, and each is labelled with its kind", async () => {
    const { problems, failed } = await typecheck(scratch, tsc);
    expect(failed).toBeUndefined();
    expect(problems.map(({ kind, file, code }) => [kind, file.slice(scratch.length + 1), code])).toEqual([
      ['syntax', `t1/chapters/02-pairs/pairs.ts`, 'TS1109'],
      ['type', `t0/chapters/01-numbers/numbers.ts`, 'TS2322'],
    ]);
  });

  test('the chapter with the syntax error gets no invented errors from files that import the broken one', async () => {
    const { problems } = await typecheck(scratch, tsc);
    expect(problems.filter((problem) => problem.file.includes('/t1/') && problem.kind === 'type')).toEqual([]);
  });

  test('with no syntax error, one run gives the type errors as before', async () => {
    const clean = mkdtempSync(join(tmpdir(), 'typecheck-clean-'));
    symlinkSync(join(REPO, 'node_modules'), join(clean, 'node_modules'), 'dir');
    cpSync(hostileCopy([TYPE_ERROR]), join(clean, 't0', 'chapters'), { recursive: true });
    expect((await typecheck(clean, tsc)).problems.map(({ kind, code }) => [kind, code])).toEqual([['type', 'TS2322']]);
  });
});

describe('the checker: a syntax error in one place never lets a type error elsewhere pass', () => {
  test('inside one copy: chapter 1 with a type error fails even while chapter 2 has a syntax error, and the syntax error says syntax', () => {
    const copy = hostileCopy([TYPE_ERROR, SYNTAX_ERROR]);
    const json = join(copy, '..', 'one.json');
    const ran = checker(['check', '01', '02', '--target', copy, '--lang', 'en', '--json', json, '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stderr).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    // The type error is in numbers.ts: it blocks the exercises about that file; 01/3 (text.ts imports nothing of it) keeps its own result.
    for (const exercise of report.exercises.filter(({ id }) => id === '01/1' || id === '01/2')) {
      expect(exercise.status, exercise.id).toBe('fail');
      expect(exercise.blocked?.kind, exercise.id).toBe('type_error');
    }
    expect(report.exercises.find(({ id }) => id === '01/3')).toMatchObject({ status: 'pass' });
    for (const exercise of report.exercises.filter(({ id }) => id.startsWith('02/'))) expect(exercise.blocked?.kind, exercise.id).toBe('syntax_error');
    expect(ran.stdout).toContain('1 syntax error: a file with a syntax error can neither be read nor run.');
    expect(ran.stdout).toContain('1 type error: code must type-check to pass.');
  });

  test("in a class: one student's syntax error in chapter 2 does not let another's type error in chapter 1 pass", () => {
    const klass = mkdtempSync(join(tmpdir(), 'typecheck-class-'));
    cpSync(hostileCopy([TYPE_ERROR]), join(klass, 'a-type-error', 'chapters'), { recursive: true });
    cpSync(hostileCopy([SYNTAX_ERROR]), join(klass, 'b-syntax-error', 'chapters'), { recursive: true });
    const out = join(klass, '..', `${klass.split('/').at(-1)}-out`);
    const ran = runTs('checker/class/cli.ts', [klass, '--out', out, '--lang', 'ko', '--timeout', GRADING_TIMEOUT], { timeoutMs: 240_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as { students: (Report & { student: string; reason: string })[] };
    const typed = book.students.find(({ student }) => student === 'a-type-error')!;
    expect(typed.exercises.filter(({ id }) => id.startsWith('01/')).map(({ status }) => status)).toEqual(['fail', 'fail', 'pass']);
    expect(typed.reason).toContain('타입 오류 1개');
    const broken = book.students.find(({ student }) => student === 'b-syntax-error')!;
    expect(broken.reason).toContain('문법 오류 1개');
    expect(broken.exercises.filter(({ id }) => id.startsWith('01/')).map(({ status }) => status)).toEqual(['pass', 'pass', 'pass']);
  });
});

