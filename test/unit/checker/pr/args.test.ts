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

test('--suites names an instructor\'s private suites from where grade:pr was started, since the checker runs in a scratch folder', () => {
  expect(parsePrArgs(['--base', 'a', '--head', 'b', '--suites', 'private'], {}, '/work')).toMatchObject({ suites: '/work/private' });
  expect(parsePrArgs(['--base', 'a', '--head', 'b', '--suites', '/srv/suites'], {}, '/work')).toMatchObject({ suites: '/srv/suites' });
  expect(parsePrArgs(['--base', 'a', '--head', 'b'], {}, '/work')).not.toHaveProperty('suites');
});
