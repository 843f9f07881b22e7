import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const CHECKER = resolve(import.meta.dirname, '..', '..', '..', 'checker');

/** Every TypeScript module of the checker (hidden suites aside), with the checker folders it imports, relative to checker/. */
function modules(): { file: string; imports: string[] }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? (entry.name === 'suites' ? [] : walk(join(dir, entry.name))) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );
  return walk(CHECKER).map((path) => {
    const specs = [...readFileSync(path, 'utf8').matchAll(/\bfrom '(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/g)].map((match) => match[1] ?? match[2]!);
    return { file: relative(CHECKER, path), imports: specs.map((spec) => relative(CHECKER, resolve(join(CHECKER, relative(CHECKER, path), '..'), spec))) };
  });
}

/** The layer a checker module belongs to: the class gradebook, pull-request grading, or the core. */
function layer(file: string): 'class' | 'pr' | 'core' {
  if (file.startsWith('class/')) return 'class';
  if (file.startsWith('pr/')) return 'pr';
  return 'core';
}

test('core grading imports nothing from the class gradebook or pull-request grading, and neither imports the other', () => {
  const wrong = modules().flatMap(({ file, imports }) =>
    imports.filter((target) => layer(target) !== 'core' && layer(target) !== layer(file)).map((target) => `${file} → ${target}`),
  );
  expect(wrong).toEqual([]);
});

test('the check finds imports at all', () => {
  const grade = modules().find(({ file }) => file === 'grade.ts');
  expect(grade?.imports).toContain('score.ts');
});
