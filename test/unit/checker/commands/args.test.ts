import { expect, test } from 'vitest';
import { UsageError, parseArgs } from '../../../../checker/commands/args.ts';

test('check reads ids and every option into the typed arguments', () => {
  const args = parseArgs(['check', '01/3', '--target', 'kim', '--json', 'r.json', '--sign', '--quiet', '--lang', 'en', '--timeout', '60', '--shown-as', 'chapters'], {});
  expect(args).toEqual({ command: 'check', ids: ['01/3'], target: 'kim', json: 'r.json', lang: 'en', timeoutMs: 60_000, quiet: true, sign: true, shownAs: 'chapters' });
});

test('defaults: the chapters folder, Korean (or CHECKER_LANG), 10 s, no files', () => {
  expect(parseArgs(['hint'], {})).toEqual({ command: 'hint', ids: [], target: 'chapters', lang: 'ko', timeoutMs: 10_000, quiet: false, sign: false });
  expect(parseArgs(['hint'], { CHECKER_LANG: 'en' }).lang).toBe('en');
});

test('an unknown command, or --sign without --json, is a usage error', () => {
  expect(() => parseArgs(['grade'], {})).toThrow(UsageError);
  expect(() => parseArgs(['check', '--sign'], {})).toThrow('--sign');
});
