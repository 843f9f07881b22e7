import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { LOOP_GUARD, LOOP_META, REWRITE_LIMITS, guardLoops, loopGuard } from '../../../../checker/runner/loop-guard.ts';
import type { LoadScope } from '../../../../checker/trust/confine.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

/** Runs plain JavaScript with a guard that counts its calls by loop number. */
function runCounting(code: string): Map<number, number> {
  const calls = new Map<number, number>();
  const holder = globalThis as Record<string, unknown>;
  holder[LOOP_GUARD] = (loop: number) => calls.set(loop, (calls.get(loop) ?? 0) + 1);
  try {
    new Function(code)();
  } finally {
    delete holder[LOOP_GUARD];
  }
  return calls;
}

describe('guardLoops', () => {
  test('puts a numbered guard into every kind of loop, with or without a block, and gives each loop\'s line', () => {
    const code = [
      'let n = 0;',
      'for (let i = 0; i < 3; i++) n++;',
      'let j = 0;',
      'do j++; while (j < 2);',
      'while (n < 5) { n++; }',
      'for (const k of [1, 2]) for (const m in { a: 1 }) n += k + m.length;',
      'outer: for (;;) { while (true) continue outer; }',
    ].join('\n');
    const guarded = guardLoops(code.replace('outer: for (;;) { while (true) continue outer; }', ''), 'js', 1);
    expect(guarded.lines).toEqual([2, 4, 5, 6, 6]);
    expect(runCounting(guarded.code)).toEqual(new Map([[1, 3], [2, 2], [3, 2], [4, 2], [5, 2]]));
    const labelled = guardLoops(code, 'js', 10);
    expect(labelled.lines).toEqual([2, 4, 5, 6, 6, 7, 7]);
    expect(labelled.code).toContain(`outer: for (;;) {globalThis.${LOOP_GUARD}?.(15); while (true) {globalThis.${LOOP_GUARD}?.(16);continue outer;} }`);
  });

  test('makes an empty body a block with the guard in it, so the loop turns as often as before', () => {
    const guarded = guardLoops('let i = 0;\nwhile (i++ < 3);\ndo ; while (i++ < 5)', 'js', 1);
    expect(guarded.lines).toEqual([2, 3]);
    expect(runCounting(guarded.code)).toEqual(new Map([[1, 3], [2, 2]]));
  });

  test('keeps every line where it was, in TypeScript with Korean comments too', () => {
    const code = '// 한국어 주석: 반복문\nexport function spin(value: number): number {\n  while (value > 10) {}\n  for (const item of [value] as number[]) value += item;\n  return value;\n}\n';
    const guarded = guardLoops(code, 'ts', 1);
    expect(guarded.lines).toEqual([3, 4]);
    expect(guarded.code.split('\n')).toHaveLength(code.split('\n').length);
    expect(guarded.code.split('\n')[2]).toBe(`  while (value > 10) {globalThis.${LOOP_GUARD}?.(1);}`);
    expect(guarded.code.split('\n')[3]).toBe(`  for (const item of [value] as number[]) {globalThis.${LOOP_GUARD}?.(2);value += item;}`);
  });

  test('leaves a file that does not parse, or has no loop, as it is', () => {
    expect(guardLoops('while (true {', 'js', 1)).toEqual({ code: 'while (true {', lines: [] });
    expect(guardLoops('export const a = 1;', 'ts', 1)).toEqual({ code: 'export const a = 1;', lines: [] });
  });
});

describe('loopGuard', () => {
  const root = tempDir('loop-guard');
  beforeAll(() => {
    writeTree(root, { 't0/chapters/01-x/main.ts': '', 't0/checker/suites/01-x/1-x.test.ts': '', 't1/chapters/01-x/main.ts': '' });
  });
  const scope: LoadScope = { root: join(root, 't0'), shared: [] };
  const guard = loopGuard(scope);
  const transform = (code: string, id: string) => (guard.plugin.transform as (code: string, id: string) => Promise<{ code: string } | null>).call({}, code, id);

  test('numbers the loops of the graded student\'s own files only, and keeps where each one is', async () => {
    const learner = join(root, 't0', 'chapters', '01-x', 'main.ts');
    expect((await transform('\nwhile (true) {}\n', learner))?.code).toContain(`${LOOP_GUARD}?.(1)`);
    expect((await transform('for (;;) {}', learner))?.code).toContain(`${LOOP_GUARD}?.(2)`);
    expect([...guard.sites]).toEqual([[1, { file: learner, line: 2 }], [2, { file: learner, line: 1 }]]);
    expect(await transform('while (true) {}', join(root, 't0', 'checker', 'suites', '01-x', '1-x.test.ts'))).toBeNull();
    expect(await transform('while (true) {}', join(root, 't1', 'chapters', '01-x', 'main.ts'))).toBeNull();
    expect(await transform('while (true) {}', `${learner}?raw`)).toBeNull();
    expect(guard.sites.size).toBe(2);
  });

  test('numbers files rewritten at once one after the other, never the same number twice', async () => {
    const other = join(root, 't0', 'chapters', '01-x', 'other.ts');
    const before = guard.sites.size;
    const both = await Promise.all([transform('while (a) {}\nwhile (b) {}', other), transform('do {} while (c)', other)]);
    expect(both[0]?.code).toContain(`${LOOP_GUARD}?.(${before + 1})`);
    expect(both[0]?.code).toContain(`${LOOP_GUARD}?.(${before + 2})`);
    expect(both[1]?.code).toContain(`${LOOP_GUARD}?.(${before + 3})`);
  });

  test('refuses a file past the size limit, naming it in Korean and English, and rewrites a 250 KB file of loops at once', async () => {
    const big = join(root, 't0', 'chapters', '01-x', 'big.ts');
    const refused = transform(`${'while (true) {}\n'.repeat(Math.ceil((REWRITE_LIMITS.fileBytes + 1) / 16))}`, big);
    await expect(refused).rejects.toThrow(/chapters\/01-x\/big\.ts.*채점하지 않았다.*chapters\/01-x\/big\.ts is \d+ KB, more than the 256 KB the checker takes in one file/s);
    const loops = 'for (let i = 0; i < 1; i++) while (false) {}\n'.repeat(5_000);
    const started = performance.now();
    const guarded = guardLoops(loops, 'ts', 1);
    expect(guarded.lines).toHaveLength(10_000);
    expect(guarded.lines.at(-1)).toBe(5_000);
    // Linear: the quadratic rewrite this replaced took tens of seconds on such a file; this is a bound, not a benchmark.
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  test('refuses the file that takes one student past the limit for a student, and no other student', async () => {
    const part = `export const text = '${'x'.repeat(200 * 1024)}';\n`;
    const files = Array.from({ length: 6 }, (_, index) => join(root, 't0', 'chapters', '01-x', `part${index}.ts`));
    const results = await Promise.allSettled(files.map((file) => transform(part, file)));
    expect(results.slice(0, 5).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(results[5]).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('chapters/01-x/part5.ts brings your files to') } });
    scope.root = join(root, 't1');
    await expect(transform(part, join(root, 't1', 'chapters', '01-x', 'part0.ts'))).resolves.toBeNull();
    scope.root = join(root, 't0');
  });
});

test('the fork\'s runner uses the same two names as the guard', () => {
  const runner = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'checker', 'runner', 'fork-runner.ts'), 'utf8');
  expect(runner).toContain(`const LOOP_GUARD = '${LOOP_GUARD}';`);
  expect(runner).toContain(`const LOOP_META = '${LOOP_META}';`);
});
