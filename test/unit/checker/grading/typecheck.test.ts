import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { TYPECHECK_LIMIT_MS, TYPECHECK_PER_TARGET_MS, TypeCheckFailedError, answered, parseTscOutput, tscBinary, typecheck, typecheckLimitMs, writeLearnerConfig } from '../../../../checker/grading/typecheck.ts';
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

describe('typecheck never takes a tsc that gave no whole answer for one', () => {
  const work = tempDir('typecheck-fake');
  /** A stand-in for tsc: a shell script with the given body. */
  const fakeTsc = (name: string, body: string) => {
    const file = join(work, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  };
  const scratch = join(work, 'scratch');
  mkdirSync(scratch, { recursive: true });

  test('a tsc stopped at its limit fails the type check, even when it had printed an error before', async () => {
    const hangs = fakeTsc('hangs', "echo \"t0/chapters/01-mini-mcp/a.ts(1,1): error TS2322: Type 'number' is not assignable to type 'string'.\"\nexec sleep 30");
    expect(await typecheck(scratch, hangs, 300)).toEqual({ problems: [], failed: { reason: 'timeout', limitMs: 300 } });
  });

  /** The limit for a stand-in that ends at once: far above what even a loaded machine needs to start a shell, well below the unit project's 60 s test limit even twice in one test. */
  const ENDS_AT_ONCE_MS = 20_000;

  test('a tsc that ends without its answer (no canary error, no syntax error), or cannot start, fails it too', async () => {
    expect(await typecheck(scratch, fakeTsc('silent', 'exit 0'), ENDS_AT_ONCE_MS)).toEqual({ problems: [], failed: { reason: 'no-answer' } });
    expect(await typecheck(scratch, join(work, 'no-such-tsc'), ENDS_AT_ONCE_MS)).toEqual({ problems: [], failed: { reason: 'no-answer' } });
  });

  test('a tsc that answers in time is taken as it is', async () => {
    const answers = fakeTsc('answers', `echo "t0/chapters/01-mini-mcp/a.ts(2,3): error TS2322: wrong"\necho "checker-canary.ts(1,14): error TS2322: canary"`);
    expect(await typecheck(scratch, answers, ENDS_AT_ONCE_MS)).toEqual({
      problems: [{ kind: 'type', file: join(scratch, 't0/chapters/01-mini-mcp/a.ts'), line: 2, column: 3, code: 'TS2322', message: 'wrong' }],
    });
  });
});

describe('the limit of a class type check grows with the copies it covers', () => {
  test('one copy gets the one-copy limit and its allowance; each further copy adds the same allowance', () => {
    expect(typecheckLimitMs(1)).toBe(TYPECHECK_LIMIT_MS + TYPECHECK_PER_TARGET_MS);
    expect(typecheckLimitMs(100)).toBe(240_000);
    expect(typecheckLimitMs(1_000) - typecheckLimitMs(999)).toBe(TYPECHECK_PER_TARGET_MS);
  });
});

describe('answered: a run that needs the type check stops when it gave no answer', () => {
  const work = tempDir('typecheck-answered');
  const scratch = join(work, 'scratch');
  mkdirSync(scratch, { recursive: true });
  const fakeTsc = (name: string, body: string) => {
    const file = join(work, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  };

  test('a tsc stopped at its limit throws TypeCheckFailedError naming the limit, instead of a result that scores everything 0', async () => {
    const checked = await typecheck(scratch, fakeTsc('hangs', 'exec sleep 30'), 300);
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
    const checked = await typecheck(scratch, answers, 5_000);
    expect(answered(checked)).toBe(checked);
    expect(checked).toEqual({ problems: [] });
  });
});
