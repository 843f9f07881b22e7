import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseInspectArgs, runInspect } from '../../../../checker/commands/mcp-tools/inspect.ts';
import { UsageError } from '../../../../checker/usage/command-line.ts';
import { USAGE_LINES } from '../../../../checker/usage/help.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('npm run inspect reads its command line like every other command', () => {
  test('chapter, switches and --lang in either spelling; chapter 3 and Korean by default', () => {
    expect(parseInspectArgs(['03', '--modern', '--print', '--lang=en'], {})).toEqual({ chapter: '03', era: 'modern', print: true, lang: 'en' });
    expect(parseInspectArgs(['--lang', 'en'], {})).toEqual({ chapter: '03', era: 'legacy', print: false, lang: 'en' });
    expect(parseInspectArgs([], {}).lang).toBe('ko');
    expect(parseInspectArgs([], { CHECKER_LANG: 'en' }).lang).toBe('en');
  });

  test('a language it does not speak, an unknown option or a stray word is a usage error, never a silent default', () => {
    expect(() => parseInspectArgs(['--lang', 'xx'], {})).toThrow('--lang must be ko or en, not xx');
    expect(() => parseInspectArgs([], { CHECKER_LANG: 'fr' })).toThrow('--lang must be ko or en, not fr');
    expect(() => parseInspectArgs(['--frobnicate'], {})).toThrow('Unknown option: --frobnicate');
    expect(() => parseInspectArgs(['03', 'now'], {})).toThrow(UsageError);
    expect(() => parseInspectArgs(['3'], {})).toThrow('Unexpected argument: 3');
  });

  test.each([
    ['ko', [], /^알 수 없는 옵션: --frobnicate\n\n사용법:\n/],
    ['en', ['--lang=en'], /^Unknown option: --frobnicate\n\nUsage:\n/],
  ] as const)('a usage error is printed wholly in the chosen language with the usage line, exit 2 (%s)', (_lang, extra, said) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(runInspect(['03', '--frobnicate', ...extra], {})).toBe(2);
    const text = String(error.mock.calls[0]![0]);
    expect(text).toMatch(said);
    expect(text).toContain(USAGE_LINES.inspect);
    expect(text).not.toMatch(_lang === 'en' ? /[가-힣]/ : /unknown|usage/i);
  });

  test.each(['--help', '-h'])('%s answers with the help of inspect and exit 0', (flag) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(runInspect([flag, '--lang', 'en'], {})).toBe(0);
    const text = String(log.mock.calls[0]![0]);
    expect(text).toMatch(/^Usage:\n/);
    expect(text).toContain(USAGE_LINES.inspect);
    expect(text).toContain('--print');
  });

  test('--print prints the command in the chosen language and starts nothing', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(runInspect(['03', '--print', '--lang=en'], {})).toBe(0);
    const text = log.mock.calls.map((call) => String(call[0])).join('\n');
    expect(text).toContain("The command that starts this chapter's server under the MCP Inspector web UI:");
    expect(text).toMatch(/npx -y @modelcontextprotocol\/inspector@\S+ \S+tsx \S+stdio\.ts/);
  });
});
