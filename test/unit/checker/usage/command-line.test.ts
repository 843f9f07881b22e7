import { describe, expect, test } from 'vitest';
import { UsageError, readOptions, timeoutOption } from '../../../../checker/usage/command-line.ts';

describe('readOptions', () => {
  test('splits plain words, --name value, --name=value and flags into a typed result', () => {
    const words = readOptions('check', ['01', '--json', 'a.json', '--lang=en', '--quiet', '02']);
    expect(words.positional).toEqual(['01', '02']);
    expect(words.values).toEqual({ '--json': 'a.json', '--lang': 'en' });
    expect(words.values['--junit']).toBeUndefined();
    expect(words.flags).toEqual({ '--quiet': true, '--all': false });
  });

  test('an unknown option or a missing value is a usage error naming it', () => {
    expect(() => readOptions('check', ['--frobnicate'])).toThrow(UsageError);
    expect(() => readOptions('check', ['--frobnicate'])).toThrow('--frobnicate');
    expect(() => readOptions('check', ['--json'])).toThrow('--json');
    expect(() => readOptions('check', ['--json='])).toThrow(UsageError);
  });

  test("an option of another command is unknown to this one: hint takes no --json, grade no --target", () => {
    expect(() => readOptions('hint', ['--json', 'a.json'])).toThrow('--json');
    expect(() => readOptions('grade', ['subs', '--target', 'x'])).toThrow('--target');
  });
});

test('--timeout is whole or fractional seconds from 1 to 600, 10 when not given', () => {
  expect(timeoutOption(undefined)).toBe(10_000);
  expect(timeoutOption('60')).toBe(60_000);
  expect(() => timeoutOption('0')).toThrow(UsageError);
  expect(() => timeoutOption('601')).toThrow(UsageError);
  expect(() => timeoutOption('soon')).toThrow(UsageError);
});
