import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const CHECKER = resolve(import.meta.dirname, '..', '..', '..', '..', 'checker');

/** Every TypeScript module of the checker outside the hidden suites, relative to checker/. */
function modules(dir = CHECKER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === 'suites' ? [] : modules(join(dir, entry.name))) : entry.name.endsWith('.ts') ? [relative(CHECKER, join(dir, entry.name))] : [],
  );
}

/** An entry point: a command of commands/, the signed check, or a `cli.ts` / `*-cli.ts` file that an npm script starts. */
function isEntry(file: string): boolean {
  return file.startsWith('commands/') || file === 'signed/signed-check.ts' || /(^|\/|-)cli\.ts$/.test(file);
}

test('only the entry points read the course this process grades; every module below takes the chapters as a parameter', () => {
  const readers = modules().filter((file) => /from '[./]+(course\/)?current\.ts'/.test(readFileSync(join(CHECKER, file), 'utf8')));
  expect(readers.length, 'the check finds the readers at all').toBeGreaterThan(0);
  expect(readers.filter((file) => !isEntry(file))).toEqual([]);
});
