import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import { LIMIT_VARIABLES } from '../checker/grading/typecheck.ts';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_STUDENTS, makeStudent, parseCsv } from './support/class.ts';
import { FIXTURE_CHAPTERS as CHAPTERS, fixtureChecker as checker, fixtureTs as runTs } from './support/course.ts';
import { HOSTILE_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

/*
 * One student's type check costs that student alone, on the fixture course (test/fixtures/course): two type-check
 * bombs, one of CPU time and one of memory, each a file that nothing imports in a solved chapter 02, beside an honest
 * classmate. The run gets small limits through the environment; the CPU bomb needs some 30 CPU-s on this machine
 * and the memory bomb some 500 MB, far past them, and both are stopped at the limit, so the whole test spends about
 * ten CPU-s on tsc. On the checker before these limits, the class had one tsc run and one wall-clock limit: the CPU
 * bomb stopped that run or, finishing in time, the bombs were graded as honest code and their rows gave no reason.
 */

const CPU_S = 4;
const MEMORY_MB = 300;
const LIMITS = { [LIMIT_VARIABLES.cpuS]: String(CPU_S), [LIMIT_VARIABLES.memoryMb]: String(MEMORY_MB) };

/** Some 2,000 unions of 10,000 string literals each, every one computed from the last: CPU time, little memory. */
function cpuBomb(): string {
  const lines = ["type D = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';", 'type A0 = `${D}${D}${D}${D}`;'];
  for (let step = 1; step <= 2_000; step += 1) lines.push(`type A${step} = Exclude<A${step - 1}, '${String(step).padStart(4, '0')}'>;`);
  return `${lines.join('\n')}\nexport const last: A2000 = '9999';\n`;
}

/** A string literal type doubled 26 times: 128 MB of text, held in memory several times over, in a file of 1 KB. */
function memoryBomb(): string {
  const lines = ["type S0 = 'ab';"];
  for (let step = 1; step <= 26; step += 1) lines.push(`type S${step} = \`\${S${step - 1}}\${S${step - 1}}\`;`);
  return `${lines.join('\n')}\nexport const s: S26 | 1 = 1;\n`;
}

type Book = { students: (Report & { student: string; reason: string })[] };
const ids = allExercises(CHAPTERS).map(({ exercise }) => exercise.id);
let work: string;
let submissions: string;
let ran: Ran;
let book: Book;
let rows: string[][];
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

// The class is built and graded before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'typecheck-cost-'));
  submissions = join(work, 'class');
  const out = join(work, 'out');
  makeStudent(submissions, 'a-honest', 'solved', FIXTURE_STUDENTS);
  makeStudent(submissions, 'b-cpu-bomb', 'solved', FIXTURE_STUDENTS);
  makeStudent(submissions, 'c-memory-bomb', 'solved', FIXTURE_STUDENTS);
  writeFileSync(join(submissions, 'b-cpu-bomb', 'chapters', '02-pairs', 'unused.ts'), cpuBomb());
  writeFileSync(join(submissions, 'c-memory-bomb', 'chapters', '02-pairs', 'unused.ts'), memoryBomb());
  ran = runTs('checker/class/cli.ts', [submissions, '--out', out, '--timeout', HOSTILE_TIMEOUT, '--lang', 'en'], { timeoutMs: 600_000, env: LIMITS });
  book = existsSync(join(out, 'gradebook.json')) ? (JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Book) : { students: [] };
  rows = existsSync(join(out, 'gradebook.csv')) ? parseCsv(readFileSync(join(out, 'gradebook.csv'), 'utf8')) : [];
});

/** One student's entry of gradebook.json. */
const entry = (name: string) => book.students.find((student) => student.student === name);
/** A student's status on each exercise. */
const statuses = (name: string) => ids.map((id) => entry(name)?.exercises.find((exercise) => exercise.id === id)?.status);
/** A student's reason in the CSV. */
const reason = (name: string) => {
  const row = rows.find((fields) => fields[0] === name);
  return row?.[rows[0]!.indexOf('reason')];
};
const cpuMessage = `The type check (tsc) of chapters/02-pairs used more than ${CPU_S} s of CPU and was stopped: the chapter's types are too costly to check, so none of its exercises can pass.`;
const memoryMessage = `The type check (tsc) of chapters/02-pairs used more than ${MEMORY_MB} MB of memory and was stopped: the chapter's types are too costly to check, so none of its exercises can pass.`;

describe('npm run grade with a type-check bomb in the class', () => {
  test('writes the gradebook, and the honest student is fully graded', () => {
    expect(ran.status, ran.stderr).toBe(0);
    expect(book.students.map((student) => student.student)).toEqual(['a-honest', 'b-cpu-bomb', 'c-memory-bomb']);
    expect(statuses('a-honest').every((status) => status === 'pass')).toBe(true);
    expect(entry('a-honest')!.type_errors).toEqual([]);
    expect(reason('a-honest')).toBe('every exercise passed');
  });

  test('each bomb loses only the chapter whose type check cost too much, and its row names the limit it exceeded', () => {
    for (const name of ['b-cpu-bomb', 'c-memory-bomb']) expect(statuses(name), name).toEqual(ids.map((id) => (id.startsWith('02/') ? 'error' : 'pass')));
    const blocked = (name: string) => entry(name)!.exercises.filter((exercise) => exercise.id.startsWith('02/')).map((exercise) => exercise.blocked);
    expect(blocked('b-cpu-bomb')).toEqual([{ kind: 'type_check_failed', where: 'chapters/02-pairs', message: cpuMessage }, { kind: 'type_check_failed', where: 'chapters/02-pairs', message: cpuMessage }]);
    expect(blocked('c-memory-bomb').map((one) => one?.message)).toEqual([memoryMessage, memoryMessage]);
    expect(reason('b-cpu-bomb')).toBe(`${cpuMessage} (02/1, 02/2)`);
    expect(reason('c-memory-bomb')).toBe(`${memoryMessage} (02/1, 02/2)`);
    for (const name of ['b-cpu-bomb', 'c-memory-bomb']) expect(reason(name)).not.toMatch(/busy|load|again/);
  });
});

describe('npm run check on a learner whose chapter is a type-check bomb', () => {
  test('grades the other chapter and says, in Korean and in English, which chapter cost too much to check', () => {
    const json = join(work, 'check.json');
    const checked = checker(['check', '--target', join(submissions, 'c-memory-bomb'), '--json', json, '--lang', 'en', '--timeout', HOSTILE_TIMEOUT], { env: LIMITS });
    expect(checked.stderr).not.toMatch(/busy|again/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.exercises.map((exercise) => exercise.status)).toEqual(ids.map((id) => (id.startsWith('02/') ? 'error' : 'pass')));
    // check names the chapter folder as the learner gave it.
    const chapter = join(submissions, 'c-memory-bomb', 'chapters', '02-pairs');
    expect(checked.stdout).toContain(`! ${memoryMessage.replace('chapters/02-pairs', chapter)}`);
    expect(checked.stdout).toContain('Next: read the type check failure above');
    const korean = checker(['check', '--target', join(submissions, 'c-memory-bomb'), '--lang', 'ko', '--timeout', HOSTILE_TIMEOUT, '02'], { env: LIMITS });
    expect(korean.stdout).toContain(`${chapter}의 타입 검사(tsc)가 메모리를 ${MEMORY_MB} MB 넘게 써서 멈췄다. 이 장의 타입은 검사하기에 너무 비싸므로`);
    expect(korean.stdout).not.toMatch(/다시 채점|바쁠/);
  });
});
