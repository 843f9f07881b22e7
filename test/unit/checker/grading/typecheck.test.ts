import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { LIMIT_VARIABLES, TYPECHECK_LIMITS, TypeCheckFailedError, answered, parseTscOutput, parts, tscBinary, typecheck, typecheckLimits, writeLearnerConfig } from '../../../../checker/grading/typecheck.ts';
import { tempDir } from '../../support/temp.ts';

const BASE = '/scratch/mcp-check-1';

describe('parseTscOutput', () => {
  test('reads file, line, column, code and message; a relative file is taken from the base folder', () => {
    const output = "t0/chapters/01-mini-mcp/server.ts(72,5): error TS2322: Type 'number' is not assignable to type 'string'.\n";
    expect(parseTscOutput(output, BASE)).toEqual([
      {
        file: '/scratch/mcp-check-1/t0/chapters/01-mini-mcp/server.ts',
        line: 72,
        column: 5,
        code: 'TS2322',
        message: "Type 'number' is not assignable to type 'string'.",
      },
    ]);
  });

  test('keeps an absolute file as it is', () => {
    const [problem] = parseTscOutput('/elsewhere/main.ts(1,1): error TS1005: \';\' expected.', BASE);
    expect(problem?.file).toBe('/elsewhere/main.ts');
  });

  test('reads every error, in order', () => {
    const output = ['a.ts(1,2): error TS1: first', 'b.ts(30,40): error TS22: second', ''].join('\n');
    expect(parseTscOutput(output, BASE).map((p) => [p.file, p.line, p.column, p.code, p.message])).toEqual([
      [`${BASE}/a.ts`, 1, 2, 'TS1', 'first'],
      [`${BASE}/b.ts`, 30, 40, 'TS22', 'second'],
    ]);
  });

  test('joins indented continuation lines to the message above, trimmed', () => {
    const output = [
      "main.ts(3,7): error TS2345: Argument of type '{ x: number; }' is not assignable to parameter of type 'Args'.",
      "  Object literal may only specify known properties, and 'x' does not exist in type 'Args'.",
      '    Deeper detail.',
      'main.ts(9,1): error TS2304: Cannot find name \'y\'.',
    ].join('\n');
    const problems = parseTscOutput(output, BASE);
    expect(problems).toHaveLength(2);
    expect(problems[0]?.message).toBe(
      "Argument of type '{ x: number; }' is not assignable to parameter of type 'Args'. Object literal may only specify known properties, and 'x' does not exist in type 'Args'. Deeper detail.",
    );
    expect(problems[1]?.message).toBe("Cannot find name 'y'.");
  });

  test('ignores other lines: warnings, summaries, blank and indented lines before any error', () => {
    const output = ['  stray indented line', 'Found 2 errors in 1 file.', '', 'main.ts(1,1): warning TS6133: unused', 'Errors  Files'].join('\n');
    expect(parseTscOutput(output, BASE)).toEqual([]);
  });

  test('no output means no problems', () => {
    expect(parseTscOutput('', BASE)).toEqual([]);
  });

  test('a file name with parentheses keeps them', () => {
    const [problem] = parseTscOutput('notes (v2)/a(1).ts(4,9): error TS2339: no such property', BASE);
    expect(problem).toMatchObject({ file: `${BASE}/notes (v2)/a(1).ts`, line: 4, column: 9, code: 'TS2339' });
  });

  test('a message that itself looks like a location stays whole', () => {
    const [problem] = parseTscOutput('m.ts(2,3): error TS2769: see x.ts(5,6): error TS1: here', BASE);
    expect(problem).toMatchObject({ file: `${BASE}/m.ts`, line: 2, column: 3, code: 'TS2769', message: 'see x.ts(5,6): error TS1: here' });
  });
});

describe('writeLearnerConfig and tscBinary', () => {
  const root = tempDir('typecheck');

  test('the learner tsconfig covers every copied chapters folder and the canary, with the strict settings', () => {
    const path = writeLearnerConfig(root);
    expect(path).toBe(join(root, 'tsconfig.learner.json'));
    const config = JSON.parse(readFileSync(path, 'utf8')) as { include: string[]; compilerOptions: Record<string, unknown> };
    expect(config.include).toEqual(['t*/chapters/**/*.ts', 'checker-canary.ts']);
    expect(config.compilerOptions).toMatchObject({ strict: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true, noEmit: true });
  });

  test('tscBinary prefers the native binary and falls back to the npm wrapper', () => {
    const repo = join(root, 'repo');
    expect(tscBinary(repo)).toBe(join(repo, 'node_modules', '.bin', 'tsc'));
    const native = join(repo, 'node_modules', '@typescript', `typescript-${process.platform}-${process.arch}`, 'lib');
    mkdirSync(native, { recursive: true });
    writeFileSync(join(native, 'tsc'), '');
    expect(tscBinary(repo)).toBe(join(native, 'tsc'));
  });
});

/** Limits for a stand-in tsc that ends at once: far above what even a loaded machine needs to start a shell, well below the unit project's 60 s test limit. */
const ENDS_AT_ONCE = { cpuMs: 20_000, stallMs: 20_000 };

/** A stand-in for tsc in `work`: a shell script with the given body. */
function fakeTscIn(work: string, name: string, body: string): string {
  const file = join(work, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe('typecheck never takes a tsc that gave no whole answer for one', () => {
  const work = tempDir('typecheck-fake');
  const fakeTsc = (name: string, body: string) => fakeTscIn(work, name, body);
  const scratch = join(work, 'scratch');
  beforeAll(() => {
    mkdirSync(scratch, { recursive: true });
  });

  test('a tsc that uses no CPU for the stall limit fails the type check, even when it had printed an error before', async () => {
    const hangs = fakeTsc('hangs', "echo \"t0/chapters/01-mini-mcp/a.ts(1,1): error TS2322: Type 'number' is not assignable to type 'string'.\"\nexec sleep 30");
    expect(await typecheck(scratch, hangs, { stallMs: 300 })).toEqual({ problems: [], failed: { reason: 'timeout', limitMs: 300 } });
  });

  test('a tsc that ends without its answer (no canary error, no syntax error), or cannot start, fails it too', async () => {
    expect(await typecheck(scratch, fakeTsc('silent', 'exit 0'), ENDS_AT_ONCE)).toEqual({ problems: [], failed: { reason: 'no-answer' } });
    expect(await typecheck(scratch, join(work, 'no-such-tsc'), ENDS_AT_ONCE)).toEqual({ problems: [], failed: { reason: 'no-answer' } });
  });

  test('a tsc that answers in time is taken as it is', async () => {
    const answers = fakeTsc('answers', `echo "t0/chapters/01-mini-mcp/a.ts(2,3): error TS2322: wrong"\necho "checker-canary.ts(1,14): error TS2322: canary"`);
    expect(await typecheck(scratch, answers, ENDS_AT_ONCE)).toEqual({
      problems: [{ kind: 'type', file: join(scratch, 't0/chapters/01-mini-mcp/a.ts'), line: 2, column: 3, code: 'TS2322', message: 'wrong' }],
    });
  });
});

describe('one chapter whose type check costs too much is that chapter\'s alone', () => {
  const work = tempDir('typecheck-costly');
  const scratch = join(work, 'scratch');
  beforeAll(() => {
    for (const unit of ['t0/chapters/01-a', 't1/chapters/01-a', 't2/chapters/02-b']) {
      mkdirSync(join(scratch, unit), { recursive: true });
      writeFileSync(join(scratch, unit, 'index.ts'), 'export {};\n');
    }
  });
  /**
   * A stand-in tsc that answers for the chapters its config includes (one type error each, and the canary), except
   * that a config including `costly` (or every chapter, by pattern) first spins on the CPU for ever: only the CPU limit stops it.
   */
  const perChapter = (costly: string) =>
    fakeTscIn(
      work,
      `per-chapter-${costly.replace(/\W/g, '-')}`,
      [
        'config=$2',
        `if grep -q -e '"${costly}/' -e '"t\\*/' "$config"; then while :; do :; done; fi`,
        // Every included chapter, or all three when the config includes them all by pattern.
        `units=$(grep -o '"t[0-9]/chapters/[^"*]*/' "$config" | tr -d '"'); [ -n "$units" ] || units='t0/chapters/01-a/ t1/chapters/01-a/ t2/chapters/02-b/'`,
        'for unit in $units; do echo "${unit}index.ts(1,1): error TS2322: wrong"; done',
        'echo "checker-canary.ts(1,14): error TS2322: canary"',
      ].join('\n'),
    );
  const wrong = (unit: string) => ({ kind: 'type', file: join(scratch, unit, 'index.ts'), line: 1, column: 1, code: 'TS2322', message: 'wrong' });

  test('the other chapters keep their whole answer, and the costly one is named with the CPU limit it exceeded', async () => {
    const checked = await typecheck(scratch, perChapter('t1/chapters/01-a'), { cpuMs: 300, stallMs: 20_000 });
    expect(checked.failed).toBeUndefined();
    expect(checked.costly).toEqual(new Map([[join(scratch, 't1/chapters/01-a'), { reason: 'cpu', limitMs: 300 }]]));
    expect(checked.problems).toEqual([wrong('t0/chapters/01-a'), wrong('t2/chapters/02-b')]);
    expect(() => answered(checked)).not.toThrow();
  });

  test('a class within its limits is one run per student with nothing costly, each problem taken from its own student\'s run', async () => {
    const answersAll = fakeTscIn(work, 'answers-all', [...['t0/chapters/01-a', 't1/chapters/01-a', 't2/chapters/02-b'].map((unit) => `echo "${unit}/index.ts(1,1): error TS2322: wrong"`), 'echo "checker-canary.ts(1,14): error TS2322: canary"'].join('\n'));
    const checked = await typecheck(scratch, answersAll, ENDS_AT_ONCE);
    expect(checked).toEqual({ problems: ['t0/chapters/01-a', 't1/chapters/01-a', 't2/chapters/02-b'].map(wrong) });
  });

  test('a chapter that alone makes tsc end without its answer is named too, and only when every chapter does is the whole check failed', async () => {
    const crashesOn = fakeTscIn(work, 'crashes-on-t2', ["if grep -q -e '\"t2/' -e '\"t\\*/' \"$2\"; then exit 2; fi", 'echo "checker-canary.ts(1,14): error TS2322: canary"'].join('\n'));
    expect(await typecheck(scratch, crashesOn, ENDS_AT_ONCE)).toEqual({ problems: [], costly: new Map([[join(scratch, 't2/chapters/02-b'), { reason: 'no-answer' }]]) });
    expect(await typecheck(scratch, fakeTscIn(work, 'always-crashes', 'exit 2'), ENDS_AT_ONCE)).toEqual({ problems: [], failed: { reason: 'no-answer' } });
  });
});

describe('the limits of one tsc run', () => {
  test('count CPU time and memory, with defaults that a class of the course stays far below', () => {
    expect(typecheckLimits({})).toEqual(TYPECHECK_LIMITS);
    expect(TYPECHECK_LIMITS.cpuMs).toBeGreaterThanOrEqual(20_000);
    expect(TYPECHECK_LIMITS.memoryMb).toBeGreaterThanOrEqual(1_024);
  });

  test('the environment may set either limit; anything but a positive number keeps the default', () => {
    expect(typecheckLimits({ [LIMIT_VARIABLES.cpuS]: '2.5', [LIMIT_VARIABLES.memoryMb]: '300' })).toEqual({ ...TYPECHECK_LIMITS, cpuMs: 2_500, memoryMb: 300 });
    for (const bad of ['', '0', '-1', 'lots']) expect(typecheckLimits({ [LIMIT_VARIABLES.cpuS]: bad, [LIMIT_VARIABLES.memoryMb]: bad })).toEqual(TYPECHECK_LIMITS);
  });

  test('the whole class past a limit is split into about √n groups, and a smaller group into single chapters', () => {
    const class100 = Array.from({ length: 100 }, (_, index) => index);
    expect(parts(class100, true).map((part) => part.length)).toEqual(Array.from({ length: 10 }, () => 10));
    expect(parts([1, 2, 3, 4, 5], true)).toEqual([[1, 2, 3], [4, 5]]);
    expect(parts([1, 2, 3], false)).toEqual([[1], [2], [3]]);
    expect(parts(class100, true).flat()).toEqual(class100);
  });
});

describe('answered: a run that needs the type check stops when it gave no answer', () => {
  const work = tempDir('typecheck-answered');
  const scratch = join(work, 'scratch');
  beforeAll(() => {
    mkdirSync(scratch, { recursive: true });
  });
  const fakeTsc = (name: string, body: string) => fakeTscIn(work, name, body);

  test('a stalled tsc throws TypeCheckFailedError naming the limit, instead of a result that scores everything 0', async () => {
    const checked = await typecheck(scratch, fakeTsc('hangs', 'exec sleep 30'), { stallMs: 300 });
    expect(() => answered(checked)).toThrow(TypeCheckFailedError);
    try {
      answered(checked);
    } catch (error) {
      expect((error as TypeCheckFailedError).failure).toEqual({ reason: 'timeout', limitMs: 300 });
    }
  });

  test('a tsc that cannot start throws it too, and one that answers is passed through', async () => {
    expect(() => answered({ problems: [], failed: { reason: 'no-answer' } })).toThrow(TypeCheckFailedError);
    const answers = fakeTsc('answers', 'echo "checker-canary.ts(1,14): error TS2322: canary"');
    const checked = await typecheck(scratch, answers, ENDS_AT_ONCE);
    expect(answered(checked)).toBe(checked);
    expect(checked).toEqual({ problems: [] });
  });
});
