import { homedir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { UsageError } from '../../../../checker/command-line.ts';
import { isInside, localStamp, parseGradeArgs } from '../../../../checker/class/args.ts';

const NOW = new Date(2026, 10, 30, 9, 45, 12);

test('reads the submissions folder and every option into the typed arguments', () => {
  const args = parseGradeArgs(['class', '--out', 'book', '--suites', 'hidden', '--lang', 'en', '--timeout', '20'], {}, NOW);
  expect(args).toEqual({ submissions: 'class', out: 'book', suites: 'hidden', lang: 'en', timeoutMs: 20_000 });
});

test('without --out the gradebook goes under ~/mcp-gradebooks, stamped with the local time', () => {
  expect(localStamp(NOW)).toBe('20261130-094512');
  expect(parseGradeArgs(['class'], {}, NOW).out).toBe(join(homedir(), 'mcp-gradebooks', 'gradebook-20261130-094512'));
});

test('exactly one submissions folder, and --out outside it', () => {
  expect(() => parseGradeArgs([], {}, NOW)).toThrow(UsageError);
  expect(() => parseGradeArgs(['a', 'b'], {}, NOW)).toThrow(UsageError);
  expect(() => parseGradeArgs(['class', '--out', 'class/book'], {}, NOW)).toThrow('class/book');
  expect(isInside('/a/b', '/a')).toBe(true);
  expect(isInside('/a', '/a')).toBe(true);
  expect(isInside('/ab', '/a')).toBe(false);
});
