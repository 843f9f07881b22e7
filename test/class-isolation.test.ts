/**
 * A class graded together gives every student what check gives them alone, on the fixture course
 * (test/fixtures/course): hostile students beside honest and wrong ones. Every student's statuses are asserted
 * outright. Check and grade run a student's chapter the same way, as one group of files in order in a fresh fork of
 * its own, so where vitest reports every file of that group (a wrong answer, and hostile code that ends on its own,
 * with a throw or a failed test) the fork computes the same outcome in both. Where the lane decides the outcome
 * instead, stopping a fork at its deadline or finding it dead, the outcome rests on the lane's own state (the file it
 * was running, the fork it times, a hang while loading, the tries after a crash), and in a class run that lane has run
 * other students' groups before, which in check it never has; those students are also checked alone, and their
 * statuses compared.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_CHAPTERS, fixtureCheckerAsync, fixtureEntryAsync, fixturePlanted } from './support/course.ts';
import type { Change } from './support/fixtures.ts';
import { HOSTILE_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

/** Where the fixture course's exercises live: 01/1 and 01/2 load numbers.ts, 01/3 text.ts, 02/1 and 02/2 pairs.ts. */
const NUMBERS = '01-numbers/numbers.ts';
const TEXT = '01-numbers/text.ts';
const PAIRS = '02-pairs/pairs.ts';

/** Students whose code misbehaves in every way the checker must contain, beside honest and wrong ones. */
const HOSTILE: Record<string, Change[]> = {
  'loop-at-import': [{ file: TEXT, prepend: 'for (;;) {}\n' }],
  'exit-at-import': [{ file: PAIRS, prepend: 'process.exit(3);\n' }],
  'throw-at-import': [{ file: PAIRS, prepend: "throw new Error('boom');\n" }],
  'pollutes-prototype': [{ file: PAIRS, prepend: "(Object.prototype as Record<string, unknown>)['polluted'] = true;\n" }],
  'patches-builtin': [
    { file: TEXT, prepend: "import * as nodeFs from 'node:fs';\ntry { Object.assign(nodeFs, { readFileSync: () => 'patched' }); } catch {}\n(JSON as { parse: unknown }).parse = () => ({});\n" },
  ],
  'patches-builtin-in-chapter-2': [{ file: PAIRS, prepend: '(JSON as { parse: unknown }).parse = () => ({});\n' }],
  'memory-bomb': [{ file: PAIRS, prepend: 'const hoard: number[][] = [];\nfor (;;) hoard.push(new Array(1_000_000).fill(1));\n' }],
  // Module state is fresh for every exercise; state kept on globalThis is the student's own and lasts through its
  // chapter's one fork, in check and in grade alike: the third load (01/3's text.ts) throws.
  'leaks-global-state': [NUMBERS, TEXT].map((file) => ({
    file,
    prepend: "const shared = globalThis as { loads?: number };\nshared.loads = (shared.loads ?? 0) + 1;\nif (shared.loads > 2) throw new Error('loaded more than twice in one process');\n",
  })),
  solved: [],
};

/**
 * What each misbehaving student earns: the exercises its own code breaks, and every other one passes. The loop and the
 * memory bomb never end, so the lane stops them; every other student's code ends on its own and vitest reports it.
 */
const EARNED: Record<string, Record<string, string>> = {
  'loop-at-import': { '01/3': 'timeout' },
  'exit-at-import': { '02/1': 'error', '02/2': 'error' },
  'throw-at-import': { '02/1': 'error', '02/2': 'error' },
  'pollutes-prototype': { '02/1': 'error', '02/2': 'error' },
  'patches-builtin': {},
  'patches-builtin-in-chapter-2': { '02/1': 'fail' },
  'memory-bomb': { '02/1': 'error', '02/2': 'error' },
  'leaks-global-state': { '01/3': 'error' },
  solved: {},
};

/**
 * The students whose grades the lane decides, by stopping a fork at its deadline (the loop) or finding it dead (the
 * memory bomb): each is also checked alone, since only there can a class run and check differ.
 */
const STOPPED_BY_THE_LANE = ['loop-at-import', 'memory-bomb'];

/** One wrong answer per exercise, so every suite runs beside hostile neighbours: each fails its own exercise only. */
const WRONG: Record<string, Change[]> = {
  '01/1': [{ file: NUMBERS, find: 'return value * 2;', replace: 'return value + value / 2;' }],
  '01/2': [{ file: NUMBERS, find: 'return Math.min(high, Math.max(low, value));', replace: 'return Math.max(low, value);' }],
  '01/3': [{ file: TEXT, find: 'return `${text.toUpperCase()}!`;', replace: 'return `${text.toUpperCase()}!!`;' }],
  '02/1': [{ file: PAIRS, find: 'return [pair[1], pair[0]];', replace: 'return [pair[0], pair[1]];' }],
  '02/2': [{ file: PAIRS, find: 'return pair[0] + pair[1];', replace: 'return pair[0] * 2;' }],
};

/** The folder name of the wrong answer to an exercise. */
const wrongName = (id: string) => `wrong-${id.replace('/', '-')}`;

describe('a class graded together gives every student what check gives them alone', () => {
  let klass = '';
  let out = '';
  let ran: Ran = { status: null, stdout: '', stderr: '' };
  let book: { students: (Report & { student: string })[] } = { students: [] };
  /** Each check alone of a student the lane stops: the run and the report it wrote. */
  const alone = new Map<string, { ran: Ran; json: string }>();
  beforeAll(async () => {
    klass = mkdtempSync(join(tmpdir(), 'isolation-class-'));
    for (const [name, changes] of Object.entries(HOSTILE)) cpSync(fixturePlanted(changes), join(klass, name, 'chapters'), { recursive: true });
    for (const [id, changes] of Object.entries(WRONG)) cpSync(fixturePlanted(changes), join(klass, wrongName(id), 'chapters'), { recursive: true });
    out = mkdtempSync(join(tmpdir(), 'isolation-out-'));
    // The class run and the checks alone, one after another, overlap: the endless loop waits out its deadline in both,
    // and the two waits share the time instead of adding up. At most these two runs at once, as two test files would.
    const checks = (async () => {
      for (const name of STOPPED_BY_THE_LANE) {
        const json = join(out, `${name}.json`);
        alone.set(name, { json, ran: await fixtureCheckerAsync(['check', '--target', join(klass, name), '--timeout', HOSTILE_TIMEOUT, '--lang', 'en', '--json', json, '--quiet'], { timeoutMs: 600_000 }) });
      }
    })();
    // The hostile runs' limit: it counts each file's CPU time, so a loaded machine cannot time out an honest file in one
    // run and not in the other; the hostile students' loops never end, so they time out in both runs at any limit.
    [ran] = await Promise.all([fixtureEntryAsync('checker/class/cli.ts', [klass, '--out', out, '--timeout', HOSTILE_TIMEOUT, '--lang', 'en'], { timeoutMs: 1_800_000 }), checks]);
    if (existsSync(join(out, 'gradebook.json'))) book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as typeof book;
  }, 3_600_000);
  const statuses = (report: Report) => report.exercises.map((exercise) => `${exercise.id} ${exercise.status}`);
  const byName = (name: string) => book.students.find((student) => student.student === name)!;
  const status = (name: string, id: string) => byName(name).exercises.find((exercise) => exercise.id === id)!.status;
  const ids = allExercises(FIXTURE_CHAPTERS).map(({ exercise }) => exercise.id);

  test('the class run finishes and grades every student', () => {
    expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    expect(book.students.map((student) => student.student).sort()).toEqual([...Object.keys(HOSTILE), ...Object.keys(WRONG).map(wrongName)].sort());
  });

  test('the honest student passes everything whatever the others did', () => {
    expect(statuses(byName('solved'))).toEqual(ids.map((id) => `${id} pass`));
  });

  test('each wrong answer fails its own exercise and passes every other, beside hostile neighbours', () => {
    for (const wrong of Object.keys(WRONG)) {
      expect(statuses(byName(wrongName(wrong))), wrong).toEqual(ids.map((id) => `${id} ${id === wrong ? 'fail' : 'pass'}`));
    }
  });

  test('each misbehaving student loses only the exercises their own code breaks', () => {
    expect(status('loop-at-import', '01/3')).toBe('timeout');
    expect(status('loop-at-import', '01/1')).toBe('pass');
    expect(status('loop-at-import', '02/1')).toBe('pass');
    expect(status('exit-at-import', '01/1')).toBe('pass');
    expect(status('exit-at-import', '02/1')).toBe('error');
    expect(status('throw-at-import', '02/1')).toBe('error');
    expect(status('throw-at-import', '01/3')).toBe('pass');
    expect(status('memory-bomb', '01/1')).toBe('pass');
    // The learner's heap is capped, so the bomb ends its worker at once instead of racing the file limit.
    expect(status('memory-bomb', '02/2')).toBe('error');
    expect(status('pollutes-prototype', '01/1')).toBe('pass');
    expect(status('patches-builtin', '01/1')).toBe('pass');
    // Each chapter's first suite has a canary for polluted prototypes and patched built-ins. It sees a JSON.parse
    // patched by the student's own chapter 2 module (pairs.ts, loaded by 02/1) in the same fork, in check and grade
    // alike, and only its own test fails; the same patch made in chapter 1 (text.ts, loaded by 01/3) stays in that
    // chapter's process, so that student's 02/1 passes; and every other student's canaries pass above: nothing leaked
    // across students or chapters.
    expect(status('patches-builtin-in-chapter-2', '02/1')).toBe('fail');
    const patched = byName('patches-builtin-in-chapter-2').exercises.find((exercise) => exercise.id === '02/1')!.tests;
    expect(patched.filter((one) => one.status !== 'pass').map((one) => one.name)).toEqual([expect.stringContaining('runs on untouched built-ins')]);
    expect(status('patches-builtin', '02/1')).toBe('pass');
    expect(status('leaks-global-state', '02/1')).toBe('pass');
  });

  test('every misbehaving student gets what its own code earns, and nothing of what its neighbours did', () => {
    expect(Object.keys(EARNED).sort()).toEqual(Object.keys(HOSTILE).sort());
    for (const [name, broken] of Object.entries(EARNED)) {
      expect(statuses(byName(name)), name).toEqual(ids.map((id) => `${id} ${broken[id] ?? 'pass'}`));
    }
  });

  test('every student the lane stops gets the statuses check --target gives that student alone', () => {
    for (const name of STOPPED_BY_THE_LANE) {
      const { ran: check, json } = alone.get(name)!;
      expect(check.status === 0 || check.status === 1, `${name}: exit ${check.status}\n${check.stdout}\n${check.stderr}`).toBe(true);
      expect(existsSync(json), `${name}: exit ${check.status}\n${check.stdout}\n${check.stderr}`).toBe(true);
      const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
      expect(statuses(report), name).toEqual(statuses(byName(name)));
    }
  });
});
