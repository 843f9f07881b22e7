import { afterEach, describe, expect, test, vi } from 'vitest';
import { UsageError, readOptions } from '../../../../checker/usage/command-line.ts';
import { USAGE_LINES } from '../../../../checker/usage/help.ts';
import { readCommandLine, usageFailure } from '../../../../checker/usage/prologue.ts';

const parse = (argv: readonly string[]) => readOptions('grade:merge', argv);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readCommandLine', () => {
  test('returns the parsed arguments and prints nothing for a good command line', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const line = readCommandLine(['a', '--out', 'b'], 'grade:merge', parse, {});
    expect(line.exitCode).toBeUndefined();
    expect(line.exitCode === undefined && line.args.values['--out']).toBe('b');
    expect(log).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  test('answers --help with the topic\'s help in the guessed language and exit code 0, without parsing', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const parseSpy = vi.fn(parse);
    expect(readCommandLine(['--bogus', '--help', '--lang', 'en'], 'grade:merge', parseSpy, {})).toEqual({ exitCode: 0 });
    expect(parseSpy).not.toHaveBeenCalled();
    expect(log.mock.calls[0]![0]).toContain(USAGE_LINES['grade:merge']);
    expect(log.mock.calls[0]![0]).toContain('Instructors:');
  });

  test.each([
    ['ko', [], '알 수 없는 옵션: --bogus'],
    ['en', ['--lang', 'en'], 'Unknown option: --bogus'],
  ] as const)('answers a usage error with what was wrong and the usage line, exit code 2 (%s)', (_lang, extra, said) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readCommandLine(['--bogus', ...extra], 'grade:merge', parse, {})).toEqual({ exitCode: 2 });
    const text = String(error.mock.calls[0]![0]);
    expect(text.startsWith(said), text).toBe(true);
    expect(text).toContain(USAGE_LINES['grade:merge']);
  });

  test('lets an error that is not about the command line through', () => {
    expect(() => readCommandLine([], 'grade', () => {
      throw new TypeError('a bug');
    }, {})).toThrow(TypeError);
    expect(() => usageFailure(new RangeError('a bug'), 'grade', 'en')).toThrow(RangeError);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(usageFailure(new UsageError((say) => say.mergeNeedsBooks), 'grade', 'en')).toBe(2);
  });
});
