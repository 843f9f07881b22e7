import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO, buildClass, load, mixedKind, timed } from './classes.ts';
import { machine } from './measure.ts';
import type { Timed } from './classes.ts';

/**
 * `npm run bench` floor case: a class of FLOOR_SIZE (default 12) distinct students (the batch bench's mix, a unique
 * edit in every file), graded in one run three ways: the floor (bench/floor-run.ts: one sandboxed process per student
 * running the same suites), `npm run grade`, and `npm run check -- --target` once per student. With FLOOR_BASELINE
 * set to another checkout of this repository (its node_modules linked), that checkout's grade and check run too,
 * right after this one's, for an A/B of a checker change. Prints markdown lines for BENCHMARKS.md; each student's
 * statuses must be the same in all of them (the floor says pass or not), or it stops.
 */
const SIZE = Number(process.env['FLOOR_SIZE'] ?? 12);
const ROUNDS = Number(process.env['FLOOR_ROUNDS'] ?? 1);
/** The --timeout of every run, in seconds: generous (as the repository's tests give), so a loaded machine times out no honest file in one run and not in another. */
const TIMEOUT = process.env['FLOOR_TIMEOUT'] ?? '60';
const BASELINE = process.env['FLOOR_BASELINE'] ? resolve(process.env['FLOOR_BASELINE']) : null;

/** A checker to measure: this repository, or the baseline checkout. */
interface Checker {
  name: string;
  root: string;
}

/** Per-exercise statuses of one student: `01/1 pass`, …; the floor knows only pass and not pass. */
type Statuses = Map<string, string[]>;

const passOnly = (statuses: string[]) => statuses.map((line) => line.replace(/ (?!pass$)\S+$/, ' not-pass'));

function progress(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The floor on the class: its time, and each student's pass or not per exercise. */
function floor(klass: string, out: string): { ran: Timed; statuses: Statuses; tests: number; phases: Record<string, number> } {
  const ran = timed(process.execPath, ['--import', 'tsx', join(REPO, 'bench', 'floor-run.ts'), klass, out], { FLOOR_TIMEOUT_MS: String(Number(TIMEOUT) * 1000) });
  if (ran.status !== 0) throw new Error(`the floor run failed: status ${ran.status}`);
  const result = JSON.parse(readFileSync(out, 'utf8')) as {
    students: { student: string; exercises: Record<string, { pass: boolean; tests: number }> }[];
    phases: Record<string, number>;
  };
  const statuses: Statuses = new Map(result.students.map(({ student, exercises }) => [student, Object.entries(exercises).map(([id, { pass }]) => `${id} ${pass ? 'pass' : 'not-pass'}`)]));
  const tests = result.students.reduce((sum, { exercises }) => sum + Object.values(exercises).reduce((count, { tests: n }) => count + n, 0), 0);
  progress(`floor: ${ran.seconds.toFixed(1)} s wall, ${ran.cpu?.toFixed(1) ?? '?'} s CPU, ${tests} tests`);
  return { ran, statuses, tests, phases: result.phases };
}

/** `grade` of one checker on the class, and each student's statuses. */
function grade(checker: Checker, klass: string, out: string): { ran: Timed; statuses: Statuses } {
  const ran = timed(process.execPath, [join(checker.root, 'checker', 'run.mjs'), join(checker.root, 'checker', 'class', 'cli.ts'), klass, '--out', out, '--lang', 'en', '--timeout', TIMEOUT]);
  if (ran.status !== 0) throw new Error(`${checker.name} grade failed: status ${ran.status}`);
  const book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as { students: { student: string; exercises: { id: string; status: string }[] }[] };
  progress(`${checker.name} grade: ${ran.seconds.toFixed(1)} s wall, ${ran.cpu?.toFixed(1) ?? '?'} s CPU`);
  return { ran, statuses: new Map(book.students.map(({ student, exercises }) => [student, exercises.map(({ id, status }) => `${id} ${status}`)])) };
}

/** `check --target` of one checker on every student, one after another: summed time, and each student's statuses. */
function checkLoop(checker: Checker, klass: string, names: readonly string[], out: string): { ran: Timed; statuses: Statuses } {
  const statuses: Statuses = new Map();
  const sum: Timed = { seconds: 0, cpu: 0, status: 0 };
  for (const name of names) {
    const json = join(out, `${name}.json`);
    const ran = timed(process.execPath, [join(checker.root, 'checker', 'run.mjs'), join(checker.root, 'checker', 'cli.ts'), 'check', '--target', join(klass, name), '--quiet', '--lang', 'en', '--timeout', TIMEOUT, '--json', json]);
    if (ran.status === null || ran.status > 1) throw new Error(`${checker.name} check failed on ${name}: status ${ran.status}`);
    sum.seconds += ran.seconds;
    sum.cpu = sum.cpu === null || ran.cpu === null ? null : sum.cpu + ran.cpu;
    const report = JSON.parse(readFileSync(json, 'utf8')) as { exercises: { id: string; status: string }[] };
    statuses.set(name, report.exercises.map(({ id, status }) => `${id} ${status}`));
  }
  progress(`${checker.name} check loop: ${sum.seconds.toFixed(1)} s wall, ${sum.cpu?.toFixed(1) ?? '?'} s CPU`);
  return { ran: sum, statuses };
}

/** Where two ways of grading disagree on a student (the floor knows only pass or not): printed with the figures, since then they compare different work. */
const disagreements: string[] = [];
function same(label: string, a: Statuses, b: Statuses): void {
  for (const [student, statuses] of a) {
    const left = passOnly(statuses);
    const right = passOnly(b.get(student) ?? []);
    const differ = left.filter((line, index) => line !== right[index]);
    if (differ.length > 0) disagreements.push(`${label}, ${student}: the floor says ${differ.join(', ')}`);
  }
}

const work = mkdtempSync(join(tmpdir(), 'bench-floor-'));
try {
  const klass = join(work, 'class');
  const names = buildClass(klass, SIZE, mixedKind, true);
  const checkers: Checker[] = [{ name: 'this checker', root: REPO }, ...(BASELINE ? [{ name: 'baseline', root: BASELINE }] : [])];
  const loadBefore = load();
  const rows: string[] = [];
  const perStudent = (ran: Timed) => `${(ran.seconds / SIZE).toFixed(2)} s / ${ran.cpu === null ? '?' : (ran.cpu / SIZE).toFixed(2)} s`;
  const ratio = (a: Timed, b: Timed) => `${(a.seconds / b.seconds).toFixed(2)}× / ${a.cpu === null || b.cpu === null ? '?' : (a.cpu / b.cpu).toFixed(2)}×`;
  let tests = 0;
  let phases: Record<string, number> = {};
  for (let round = 1; round <= ROUNDS; round += 1) {
    const base = floor(klass, join(work, `floor-${round}.json`));
    tests = base.tests;
    phases = base.phases;
    rows.push(`| ${round} | floor | ${perStudent(base.ran)} | 1 |`);
    for (const checker of checkers) {
      const graded = grade(checker, klass, join(work, `grade-${round}-${checker.name.replace(/\W/g, '')}`));
      same(`floor and ${checker.name} grade`, base.statuses, graded.statuses);
      rows.push(`| ${round} | ${checker.name}: \`grade\` | ${perStudent(graded.ran)} | ${ratio(graded.ran, base.ran)} |`);
    }
    for (const checker of checkers) {
      const out = mkdtempSync(join(work, 'check-'));
      const looped = checkLoop(checker, klass, names, out);
      same(`floor and ${checker.name} check`, base.statuses, looped.statuses);
      rows.push(`| ${round} | ${checker.name}: \`check --target\` loop | ${perStudent(looped.ran)} | ${ratio(looped.ran, base.ran)} |`);
    }
  }
  const loadAfter = load();
  console.log(`\n### The floor (${SIZE} distinct students)\n`);
  console.log(`Machine: ${machine()}. Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}. ${tests / SIZE} tests per student.\n`);
  console.log('| round | how | per student, wall / CPU | against the floor, wall / CPU |');
  console.log('| ---: | --- | ---: | ---: |');
  for (const row of rows) console.log(row);
  const round = (value: number | undefined) => (value === undefined ? '?' : value.toFixed(2));
  console.log(
    `\nThe floor's last round, whole class: copies ${round(phases['copySeconds'])} s; type check ${round(phases['typecheckSeconds'])} s wall, ${round(phases['typecheckCpu'])} CPU-s; bundling and running ${round(phases['testsSeconds'])} s wall, ${round(phases['testsCpuSelf'])} CPU-s bundling, ${round(phases['testsCpuChildren'])} CPU-s in the students' processes.`,
  );
  console.log(disagreements.length === 0 ? '\nEvery student had the same statuses in every way of grading.' : `\nDisagreements (a file timed out on the loaded machine, or a bug):\n${disagreements.map((line) => `- ${line}`).join('\n')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
