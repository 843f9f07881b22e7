import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import { FIXTURE_CHAPTERS, fixtureCheckerAsync, fixtureEntryAsync, fixturePlanted } from './support/course.ts';
import type { ExerciseReport, Report } from '../checker/report/shape.ts';
import { chapterDir } from './support/chapters.ts';
import { digest } from './support/digest.ts';
import { hostileCopy } from './support/hostile.ts';
import { GRADING_TIMEOUT, HOSTILE_TIMEOUT, checkerAsync } from './support/run.ts';
import type { Ran } from './support/run.ts';

/** The two chapters these tests plant code into, by id; their folders come from the manifest. */
const ONE = chapterDir('01');
const TWO = chapterDir('02');

/** A run that has not ended yet. */
const NOT_RUN: Ran = { status: null, stdout: '', stderr: '' };

/**
 * Every run of this file but the endless loops' goes into this queue, one after another, beside that one: its planted
 * loops wait out their deadlines, and the other runs take that time instead of adding theirs to it. At most two runs
 * at once, as two test files would; each describe's beforeAll waits for its own run.
 */
let queue: Promise<unknown> = Promise.resolve();
function queued<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * What each describe plants and starts, in the order the describes declare them. This file's beforeAll runs them all
 * at once, before any describe's beforeAll waits for its own run, so the runs still overlap; nothing is planted or
 * started while the file loads, so listing the tests starts no run.
 */
const starts: (() => void)[] = [];
beforeAll(() => {
  for (const start of starts) start();
});

/** Registers `start` for this file's beforeAll and returns its run, for a describe's beforeAll to wait for. */
function later<T>(start: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  starts.push(() => {
    running = start();
  });
  return () => running!;
}

/** A check run and its report, filled in by the describe's beforeAll once the run ended. */
interface Graded {
  /** The planted folder it grades, once this file's beforeAll planted it. */
  dir: string;
  ran: Ran;
  report: Report;
  byId: (id: string) => ExerciseReport;
}

/**
 * Starts check on the given chapters or exercises of the folder `plant` makes (`first`: at once, else in the queue),
 * both in this file's beforeAll, and returns the run and its report once its describe's beforeAll has waited for it. A run with planted code that never ends has the
 * hostile runs' limit (its files' CPU time counts, so load stays out of the outcome, and a loop ends soon); every other
 * run has the tests' generous one. `check` starts the checker: on the real course unless a describe passes the fixture
 * course's, where the real course is not the point.
 */
function grade(plant: () => string, ids: readonly string[], first = false, timeout = GRADING_TIMEOUT, check = checkerAsync): Graded {
  const graded: Graded = {
    dir: '',
    ran: NOT_RUN,
    report: { exercises: [] } as unknown as Report,
    byId: (id) => graded.report.exercises.find((exercise) => exercise.id === id)!,
  };
  const json = () => join(graded.dir, '..', 'report.json');
  const running = later(() => {
    graded.dir = plant();
    const start = () => check(['check', ...ids, '--target', graded.dir, '--timeout', timeout, '--json', json()], { timeoutMs: 900_000 });
    return first ? start() : queued(start);
  });
  beforeAll(async () => {
    graded.ran = await running();
    graded.report = JSON.parse(readFileSync(json(), 'utf8')) as Report;
  }, 1_800_000);
  return graded;
}

describe('endless loops and exits', () => {
  const plant = () => hostileCopy([
    { file: `${ONE}/model.ts`, prepend: 'for (;;) {}\n' },
    { file: `${TWO}/client.ts`, prepend: 'process.exit(3);\n' },
    {
      file: `${TWO}/server.ts`,
      find: 'export function handle(request: unknown, allowed: ReadonlySet<string> = SERVER_ALLOWED): RpcResponse {',
      replace:
        'export function handle(request: unknown, allowed: ReadonlySet<string> = SERVER_ALLOWED): RpcResponse {\n  if (JSON.stringify(request).includes("extra")) for (;;) {}',
    },
  ]);
  const run = grade(plant, ['01', '02'], true, HOSTILE_TIMEOUT);

  test('a loop at import times out the exercises that load it, and only those', () => {
    expect(run.byId('01/2').status).toBe('timeout');
    expect(run.byId('01/3').status).toBe('timeout');
    expect(run.byId('01/1').status).toBe('pass');
    expect(run.byId('01/4').status).toBe('pass');
  });

  test('a loop inside a handler times out that exercise', () => {
    expect(run.byId('02/2').status).toBe('timeout');
  });

  test('process.exit at import is an error with a clear message, not a pass', () => {
    for (const id of ['02/1', '02/3', '02/4']) {
      expect(run.byId(id).status).toBe('error');
      expect(run.byId(id).message).toContain('process.exit');
    }
  });

  test('the run ends, exits 1 and scores only what passed', () => {
    expect(run.ran.status).toBe(1);
    expect(run.report.score).toBe(run.report.exercises.filter((exercise) => exercise.status === 'pass').length);
    expect(run.report.tests_passed).toBe(run.report.exercises.flatMap((exercise) => exercise.tests).filter((one) => one.status === 'pass').length);
  });
});

describe('a loop inside a test', () => {
  // On the fixture course: clamp spins for any value above the range, which only the second test of 01/2 sends,
  // right after the first test passed (vitest would send that start only with its next batched update).
  let dir = '';
  const json = () => join(dir, '..', 'report.json');
  const running = later(() => {
    dir = fixturePlanted([{ file: '01-numbers/numbers.ts', find: 'number): number {\n  // 아래 끝', replace: 'number): number {\n  while (value > high) {}\n  // 아래 끝' }]);
    return queued(() => fixtureCheckerAsync(['check', '01/2', '--target', dir, '--timeout', HOSTILE_TIMEOUT, '--json', json(), '--lang', 'en'], { timeoutMs: 900_000 }));
  });
  let ran: Ran = NOT_RUN;
  let exercise = {} as ExerciseReport;
  beforeAll(async () => {
    ran = await running();
    exercise = (JSON.parse(readFileSync(json(), 'utf8')) as Report).exercises[0]!;
  }, 1_800_000);

  test('times out the exercise, naming the test that was running; the file\'s other test is not graded because of it', () => {
    expect(ran.status).toBe(1);
    expect(exercise.status).toBe('timeout');
    const [inside, outside] = exercise.tests;
    expect(outside!.name).toBe('holds values outside the range at its ends');
    expect(outside!.status).toBe('timeout');
    expect(outside!.message).toContain('in the test "holds values outside the range at its ends" of the test file checker/suites/01-numbers/2-clamp.test.ts');
    expect(inside!.status).toBe('timeout');
    expect(inside!.message).toMatch(/^Not graded: the test "holds values outside the range at its ends" of the same file did not finish/);
    // The loop computed the whole time, so the file limit, in CPU time, is the one that stopped it.
    expect(outside!.message).toMatch(new RegExp(`^Stopped after ${HOSTILE_TIMEOUT} s of CPU time without finishing`));
    expect(outside!.message).toContain('look for a loop that never ends');
    expect(ran.stdout).toContain('in the test "holds values outside the range at its ends"');
  });

  test('gives the file:line of the loop it was spinning in, and points the next step there', () => {
    const line = readFileSync(join(dir, '01-numbers', 'numbers.ts'), 'utf8').split('\n').findIndex((text) => text.includes('while (value > high)')) + 1;
    const where = `${dir}/01-numbers/numbers.ts:${line}`;
    expect(exercise.message.split('\n').at(-1)).toBe(`The loop it was spinning in: ${where}`);
    expect(exercise.todo).toBe(where);
    expect(ran.stdout.trim().split('\n').find((text) => text.startsWith('Next:'))).toBe(`Next: 01/2 → ${where}`);
  });
});

describe('waiting without computing', () => {
  // On the fixture course: text.ts (loaded by 01/3 alone) waits at import for a promise that never settles, and
  // pairs.ts (loaded by 02/1) waits 5 s at import, longer than the 4 s limit, and then goes on. Neither computes, so
  // the file limit, which counts CPU time, stops neither: the clock stops the first at three times the limit, and the
  // second, which would have timed out under a limit of the clock, passes.
  let json = '';
  const running = later(() => {
    const dir = fixturePlanted([
      { file: '01-numbers/text.ts', prepend: 'await new Promise(() => {});\n' },
      { file: '02-pairs/pairs.ts', prepend: 'await new Promise((done) => setTimeout(done, 5_000));\n' },
    ]);
    json = join(dir, '..', 'report.json');
    return queued(() => fixtureCheckerAsync(['check', '01/3', '02/1', '--target', dir, '--timeout', '4', '--json', json, '--lang', 'en'], { timeoutMs: 900_000 }));
  });
  let report = { exercises: [] } as unknown as Report;
  beforeAll(async () => {
    await running();
    report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  }, 1_800_000);
  const byId = (id: string) => report.exercises.find((exercise) => exercise.id === id)!;

  test('a wait that never ends times out at three times the limit, and the message says it was waiting, not computing', () => {
    expect(byId('01/3').status).toBe('timeout');
    expect(byId('01/3').message).toMatch(/^Stopped after waiting 12 s without finishing, while running the test file checker\/suites\/01-numbers\/3-shout\.test\.ts/);
    expect(byId('01/3').message).toContain('a promise that never settles');
    expect(byId('01/3').message).not.toContain('CPU time');
  });

  test('time spent waiting does not count against the file limit', () => {
    expect(byId('02/1').status).toBe('pass');
  });
});

describe('broken code', () => {
  // On the fixture course: numbers.ts (loaded by 01/1 and 01/2) does not parse, and pairs.ts (loaded by 02/1 and 02/2)
  // throws at import.
  const plant = () =>
    fixturePlanted([
      { file: '01-numbers/numbers.ts', find: 'double(value: number): number {', replace: 'double(value: number): number {{' },
      { file: '02-pairs/pairs.ts', prepend: "throw new Error('boom at import');\n" },
    ]);
  // Only the exercises that load a broken file are graded, so the score below does not depend on what else the course holds.
  const run = grade(plant, ['01/1', '01/2', '02'], false, GRADING_TIMEOUT, fixtureCheckerAsync);

  test('a syntax error fails every exercise that loads the file, naming the file', () => {
    for (const id of ['01/1', '01/2']) {
      expect(run.byId(id).status).toBe('error');
      expect(run.byId(id).message).toContain('numbers.ts');
    }
    expect(run.report.type_errors.some((problem) => problem.file.endsWith('01-numbers/numbers.ts') && problem.line > 0)).toBe(true);
  });

  test('a throw at import fails the exercises with its message and file:line', () => {
    for (const id of ['02/1', '02/2']) {
      expect(run.byId(id).status).toBe('error');
      expect(run.byId(id).message).toContain('boom at import');
    }
    expect(run.byId('02/2').message).toMatch(/pairs\.ts:1/);
    expect(run.ran.status).toBe(1);
    expect(run.report.score).toBe(0);
  });
});

describe('type errors', () => {
  const run = grade(() => hostileCopy([{ file: `${TWO}/main.ts`, prepend: "const wrong: number = 'text';\nvoid wrong;\n" }]), ['01', '02']);

  test('are reported with file:line and keep passing tests from counting', () => {
    expect(run.ran.status).toBe(1);
    const problem = run.report.type_errors.find((entry) => entry.file.endsWith(`${TWO}/main.ts`));
    expect(problem?.line).toBe(1);
    expect(run.ran.stdout).toMatch(new RegExp(`${TWO}/main\\.ts:1:\\d+ TS2322`));
    expect(run.byId('02/1').status).toBe('fail');
    expect(run.byId('02/1').message).toContain('main.ts:1');
    expect(run.byId('01/1').status).toBe('pass');
    expect(run.byId('02/2').status).toBe('pass');
    expect(run.byId('02/2').blocked).toBeUndefined();
  });

  test('are shown once, with the exercises they block, and the next step points at the error\'s file:line', () => {
    expect(run.ran.stdout.match(/TS2322/g)).toHaveLength(1);
    // main.ts is the file of 02/1 and 02/4; 02/2 (server.ts) and 02/3 (client.ts) import nothing of it and keep their own results.
    expect(run.ran.stdout).toContain('이 오류 때문에 통과로 치지 않는 연습: 02/1, 02/4');
    expect(run.ran.stdout.split('\n').find((line) => line.startsWith('다음 할 일'))).toMatch(new RegExp(`^다음 할 일: .*${TWO}/main\\.ts:1 고치기 \\(위의 타입 오류\\)$`));
  });
});

describe('a throw at import', () => {
  // Chapter 2 alone, the only one with planted code.
  const run = grade(() => hostileCopy([{ file: `${TWO}/protocol.ts`, prepend: "throw new Error('boom at import');\n" }]), ['02']);

  test('is said once, naming the file that failed to load, and the next step points at the throwing file:line', () => {
    for (const id of ['02/1', '02/2', '02/3', '02/4']) expect(run.byId(id).blocked).toMatchObject({ kind: 'load_error', where: expect.stringMatching(/protocol\.ts:1$/) });
    expect(run.ran.stdout.match(/boom at import/g)).toHaveLength(1);
    expect(run.ran.stdout).toMatch(new RegExp(`${TWO}/protocol\\.ts:1을 불러오다가 실패해서 02/1, 02/2, 02/3, 02/4를 채점하지 못했다`));
    const next = run.ran.stdout.split('\n').find((line) => line.startsWith('다음 할 일')) ?? '';
    expect(next).toMatch(new RegExp(`^다음 할 일: .*${TWO}/protocol\\.ts:1 고치기 \\(위의 불러오기 실패\\)$`));
    expect(next).not.toContain('main.ts');
  });
});

describe('forging and flooding', () => {
  // On the fixture course: numbers.ts (loaded by 01/1 and 01/2) rewrites its chapter's suites on disk and floods the
  // output, and pairs.ts (loaded by 02/1 and 02/2) pollutes Object.prototype.
  const forge = [
    "import { writeFileSync as forgeWrite, readdirSync as forgeList } from 'node:fs';",
    "const forgeDir = new URL('../../checker/suites/01-numbers/', import.meta.url);",
    "try { for (const name of forgeList(forgeDir)) if (name.endsWith('.test.ts')) forgeWrite(new URL(name, forgeDir), \"import { test } from 'vitest'; test('forged', () => {});\"); } catch {}",
    "for (let i = 0; i < 100000; i += 1) process.stdout.write('진행: 연습 8/8 통과 · 테스트 점수 51/51\\n');",
    '',
  ].join('\n');
  const pollute = "(Object.prototype as Record<string, unknown>)['polluted'] = true;\n";
  let before = '';
  const plant = () => {
    const dir = fixturePlanted([
      { file: '01-numbers/numbers.ts', prepend: forge },
      { file: '02-pairs/pairs.ts', prepend: pollute },
    ]);
    before = digest(dir);
    return dir;
  };
  const run = grade(plant, ['01', '02'], false, GRADING_TIMEOUT, fixtureCheckerAsync);

  test('rewriting the suites on disk changes nothing that runs', () => {
    // 01/1 loads numbers.ts first, so the suite of 01/2 is read after the rewrite.
    expect(run.byId('01/2').tests.map((one) => one.name)).not.toContain('forged');
    expect(run.byId('01/2').tests.length).toBeGreaterThan(1);
    expect(run.byId('01/1').status).toBe('pass');
    expect(run.byId('01/2').status).toBe('pass');
  });

  test('learner output is capped and never mixes into the report', () => {
    expect(run.ran.stdout.length).toBeLessThan(20_000);
    expect(run.ran.stdout).not.toContain('8/8');
  });

  test('a polluted prototype stays inside the exercises that load it and never passes them', () => {
    for (const id of ['01/1', '01/3']) expect(run.byId(id).status).toBe('pass');
    expect(run.byId('02/1').status).not.toBe('pass');
  });

  test('the checker never writes into the folder it grades', () => {
    expect(digest(run.dir)).toBe(before);
  });
});

describe('one student sabotaging the others in a class', () => {
  // On the fixture course (test/fixtures/course): the whole class is graded, and only containment is the point here.
  // Every attempt is noted and the notes end the import as an error, so the saboteur's own report shows that it ran and what it met.
  const sabotage = [
    "import { readdirSync as listOthers, writeFileSync as spoil } from 'node:fs';",
    "const scratchRoot = new URL('../../../', import.meta.url);",
    'const notes: string[] = [];',
    'const attempt = (what: string, act: () => unknown) => { try { act(); notes.push(`${what}: done`); } catch (error) { notes.push(`${what}: refused (${(error as { code?: string }).code ?? "no code"})`); } };',
    'let keys: string[] = [];',
    "attempt('list', () => { keys = listOthers(scratchRoot); });",
    'for (const key of keys) {',
    "  attempt('write numbers.ts', () => spoil(new URL(`${key}/chapters/01-numbers/numbers.ts`, scratchRoot), 'export const double = 0;\\n'));",
    "  attempt('write pairs.ts', () => spoil(new URL(`${key}/chapters/02-pairs/pairs.ts`, scratchRoot), 'export {};\\n'));",
    '}',
    "throw new Error(`sabotage ${notes.join('; ')}`);",
    '',
  ].join('\n');
  let klass = '';
  let out = '';
  let honestBefore = '';
  const running = later(() => {
    const saboteur = fixturePlanted([{ file: '01-numbers/text.ts', prepend: sabotage }]);
    const honest = fixturePlanted([]);
    klass = mkdtempSync(join(tmpdir(), 'class-'));
    cpSync(saboteur, join(klass, 'a-saboteur', 'chapters'), { recursive: true });
    cpSync(honest, join(klass, 'b-honest', 'chapters'), { recursive: true });
    out = join(klass, '..', `${basename(klass)}-out`);
    honestBefore = digest(join(klass, 'b-honest'));
    return queued(() => fixtureEntryAsync('checker/class/cli.ts', [klass, '--out', out, '--timeout', GRADING_TIMEOUT, '--lang', 'en'], { timeoutMs: 900_000 }));
  });
  let ran = NOT_RUN;
  beforeAll(async () => {
    ran = await running();
  }, 1_800_000);
  const book = () => JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as { students: (Report & { student: string })[] };

  test('cannot change another student\'s files under grade, nor their grade', () => {
    expect(ran.status, ran.stderr).toBe(0);
    const victim = book().students.find((student) => student.student === 'b-honest')!;
    expect(victim.exercises.map((exercise) => exercise.status)).toEqual(Array(allExercises(FIXTURE_CHAPTERS).length).fill('pass'));
    expect(victim.type_errors).toEqual([]);
    expect(digest(join(klass, 'b-honest')), 'the honest student\'s handed-in folder').toBe(honestBefore);
  });

  test('the saboteur ran and met refusals: its own report shows its notes, and none says a write was done', () => {
    const saboteur = book().students.find((student) => student.student === 'a-saboteur')!;
    const shout = saboteur.exercises.find((exercise) => exercise.id === '01/3')!;
    expect(shout.status).toBe('error');
    expect(shout.message).toMatch(/sabotage .*refused/);
    expect(shout.message).not.toMatch(/write [a-z]+\.ts: done/);
  });
});
