import { expect, test } from 'vitest';
import { UsageError, parseArgs, parseSignedCheckArgs } from '../../../../../checker/commands/learner/args.ts';

test('check reads ids and every option into the typed arguments', () => {
  const args = parseArgs(['check', '01/3', '--target', 'kim', '--json', 'r.json', '--quiet', '--lang', 'en', '--timeout', '60'], {});
  expect(args).toEqual({ command: 'check', ids: ['01/3'], target: 'kim', json: 'r.json', lang: 'en', timeoutMs: 60_000, quiet: true, all: false });
});

test('defaults: the chapters folder, Korean (or CHECKER_LANG), 10 s, no files', () => {
  expect(parseArgs(['hint'], {})).toEqual({ command: 'hint', ids: [], target: 'chapters', lang: 'ko', timeoutMs: 10_000, quiet: false, all: false });
  expect(parseArgs(['hint'], { CHECKER_LANG: 'en' }).lang).toBe('en');
});

test('an unknown command is a usage error, and check knows neither --sign nor --shown-as (only the signed check does)', () => {
  expect(() => parseArgs(['grade'], {})).toThrow(UsageError);
  expect(() => parseArgs(['check', '--sign', '--json', 'r.json'], {})).toThrow('Unknown option: --sign');
  expect(() => parseArgs(['check', '--shown-as', 'chapters'], {})).toThrow('Unknown option: --shown-as');
  expect(() => parseArgs(['check', '--starters-git', 'starters.git'], {})).toThrow('Unknown option: --starters-git');
});

test('the signed check reads check\'s options plus --shown-as, and needs both --json and --shown-as', () => {
  const args = parseSignedCheckArgs(['01/3', '--target', 'tmp/head', '--json', 'r.json', '--shown-as', 'chapters', '--lang', 'en', '--timeout', '60', '--suites', 'hidden'], {});
  expect(args).toEqual({ command: 'check', ids: ['01/3'], target: 'tmp/head', json: 'r.json', suites: 'hidden', lang: 'en', timeoutMs: 60_000, quiet: false, all: false, shownAs: 'chapters' });
  expect(() => parseSignedCheckArgs(['--json', 'r.json'], {})).toThrow(UsageError);
  expect(() => parseSignedCheckArgs(['--shown-as', 'chapters'], {})).toThrow('--json FILE and --shown-as NAME');
  expect(() => parseSignedCheckArgs(['--json', 'r.json', '--shown-as', 'chapters', '--sign'], {})).toThrow('Unknown option: --sign');
});

test('the signed check takes --starters-git, the git folder grade:pr fills with the base\'s starters, and goes without it', () => {
  expect(parseSignedCheckArgs(['--json', 'r.json', '--shown-as', 'chapters', '--starters-git', '/tmp/s.git'], {})).toMatchObject({ startersGit: '/tmp/s.git' });
  expect(parseSignedCheckArgs(['--json', 'r.json', '--shown-as', 'chapters'], {})).not.toHaveProperty('startersGit');
});
