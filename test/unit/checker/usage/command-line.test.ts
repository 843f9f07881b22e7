import { describe, expect, test } from 'vitest';
import { UsageError, readWords, timeoutOption } from '../../../../checker/usage/command-line.ts';

describe('readWords', () => {
  test('splits plain words, --name value, --name=value and flags into a typed result', () => {
    const words = readWords(['01', '--json', 'a.json', '--lang=en', '--quiet', '02'], ['--json', '--lang', '--junit'], ['--quiet', '--sign']);
    expect(words.positional).toEqual(['01', '02']);
    expect(words.values).toEqual({ '--json': 'a.json', '--lang': 'en' });
    expect(words.values['--junit']).toBeUndefined();
    expect(words.flags).toEqual({ '--quiet': true, '--sign': false });
  });

  test('an unknown option or a missing value is a usage error naming it', () => {
    expect(() => readWords(['--frobnicate'], ['--json'])).toThrow(UsageError);
    expect(() => readWords(['--frobnicate'], ['--json'])).toThrow('--frobnicate');
    expect(() => readWords(['--json'], ['--json'])).toThrow('--json');
    expect(() => readWords(['--json='], ['--json'])).toThrow(UsageError);
  });
});

test('--timeout is whole or fractional seconds from 1 to 600, 10 when not given', () => {
  expect(timeoutOption(undefined)).toBe(10_000);
  expect(timeoutOption('60')).toBe(60_000);
  expect(() => timeoutOption('0')).toThrow(UsageError);
  expect(() => timeoutOption('601')).toThrow(UsageError);
  expect(() => timeoutOption('soon')).toThrow(UsageError);
});
