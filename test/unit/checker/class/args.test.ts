import { homedir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { UsageError } from '../../../../checker/usage/command-line.ts';
import { parseGradeArgs } from '../../../../checker/class/args.ts';

const NOW = new Date(2026, 10, 30, 9, 45, 12);

test('reads the submissions folder and every option into the typed arguments', () => {
  const args = parseGradeArgs(['class', '--out', 'book', '--suites', 'hidden', '--lang', 'en', '--timeout', '20'], {}, NOW);
  expect(args).toEqual({ submissions: 'class', out: 'book', suites: 'hidden', similarity: false, sign: false, lang: 'en', timeoutMs: 20_000 });
  const more = parseGradeArgs(['class', '--out', 'book', '--config', 'class.json', '--deadline', '2026-12-01T23:59:00+09:00', '--only', 'kim, park', '--similarity', '--sign'], {}, NOW);
  expect(more).toMatchObject({ config: 'class.json', deadline: new Date('2026-12-01T14:59:00Z'), only: ['kim', 'park'], similarity: true, sign: true });
});

test('--only needs the --out that holds the gradebook, and a deadline needs its time zone', () => {
  expect(() => parseGradeArgs(['class', '--only', 'kim'], {}, NOW)).toThrow(UsageError);
  expect(() => parseGradeArgs(['class', '--deadline', '2026-12-01 23:59'], {}, NOW)).toThrow(UsageError);
});

test('without --out the gradebook goes under ~/mcp-gradebooks, stamped with the local time', () => {
  expect(parseGradeArgs(['class'], {}, NOW).out).toBe(join(homedir(), 'mcp-gradebooks', 'gradebook-20261130-094512'));
});

test('exactly one submissions folder, and --out outside it', () => {
  expect(() => parseGradeArgs([], {}, NOW)).toThrow(UsageError);
  expect(() => parseGradeArgs(['a', 'b'], {}, NOW)).toThrow(UsageError);
  expect(() => parseGradeArgs(['class', '--out', 'class/book'], {}, NOW)).toThrow('class/book');
  // The one isInside (trust/confine.ts) compares real paths: the folder itself and a path that climbs back in count, a name that only starts alike does not.
  expect(() => parseGradeArgs(['class', '--out', 'class'], {}, NOW)).toThrow(UsageError);
  expect(() => parseGradeArgs(['class', '--out', 'other/../class/book'], {}, NOW)).toThrow(UsageError);
  expect(parseGradeArgs(['class', '--out', 'class-book'], {}, NOW).out).toBe('class-book');
});
