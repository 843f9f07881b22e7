import { expect, test } from 'vitest';
import { UsageError } from '../../../../checker/usage/command-line.ts';
import { parsePrArgs } from '../../../../checker/pr/args.ts';

test('reads the commits, files and settings into the typed arguments', () => {
  const args = parsePrArgs(['--base', 'main', '--head', 'pr', '--json', 'g.json', '--junit', 'g.xml', '--lang', 'en', '--timeout', '30', '--repo', '../pr', '--run-as', 'grader'], {}, '/work');
  expect(args).toEqual({ repo: '../pr', base: 'main', head: 'pr', json: 'g.json', junit: 'g.xml', lang: 'en', timeoutMs: 30_000, runAs: 'grader' });
});

test('the repository defaults to the current folder, and nothing optional is set when not given', () => {
  expect(parsePrArgs(['--base', 'a', '--head', 'b'], {}, '/work')).toEqual({ repo: '/work', base: 'a', head: 'b', lang: 'ko', timeoutMs: 10_000 });
});

test('--base and --head are both required, and a stray word is refused', () => {
  expect(() => parsePrArgs(['--head', 'b'], {})).toThrow(UsageError);
  expect(() => parsePrArgs(['--base', 'a'], {})).toThrow(UsageError);
  expect(() => parsePrArgs(['--base', 'a', '--head', 'b', 'extra'], {})).toThrow('extra');
});
