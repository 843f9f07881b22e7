import { describe, expect, test, vi } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, parseSignedCheckArgs, readCheckerCommandLine } from '../../../../checker/commands/learner/args.ts';
import { parseHttpArgs } from '../../../../checker/commands/mcp-tools/http-args.ts';
import { parseHostsArgs } from '../../../../checker/commands/mcp-tools/hosts.ts';
import { parseInspectArgs } from '../../../../checker/commands/mcp-tools/inspect.ts';
import { parseGradeArgs } from '../../../../checker/class/args.ts';
import { parsePrArgs } from '../../../../checker/pr/args.ts';
import { COMMAND_LINES, OPTIONS, optionRows } from '../../../../checker/usage/options.ts';
import type { OptionName } from '../../../../checker/usage/options.ts';
import { UsageError } from '../../../../checker/usage/command-line.ts';
import { USAGE_LINES, helpCommand, helpText, usageErrorText } from '../../../../checker/usage/help.ts';
import type { HelpTopic } from '../../../../checker/usage/help.ts';

const wrong = new UsageError((say) => say.unknownOption('--bogus'));

describe('usageErrorText', () => {
  test.each(['ko', 'en'] as const)('says what was wrong, then the usage heading exactly once (%s)', (lang) => {
    for (const topic of ['check', 'grade', 'grade:pr', null] as const) {
      const text = usageErrorText(wrong, topic, lang);
      const heading = lang === 'ko' ? '사용법:' : 'Usage:';
      expect(text.split('\n').filter((line) => line === heading), `${topic}: ${text}`).toHaveLength(1);
      expect(text.startsWith(lang === 'ko' ? '알 수 없는 옵션: --bogus' : 'Unknown option: --bogus'), text).toBe(true);
    }
  });

  test('names the command\'s usage line and where to read more', () => {
    const text = usageErrorText(wrong, 'grade', 'en');
    expect(text).toContain(USAGE_LINES.grade);
    expect(text).toContain('npm run grade -- --help');
  });
});

describe('helpText, as each command prints it for --help and -h', () => {
  const topics = Object.keys(USAGE_LINES) as HelpTopic[];
  test.each(topics)('%s: its usage in Korean by default and in English on request', (name) => {
    const ko = helpText(name, 'ko');
    expect(ko).toMatch(/^사용법:/);
    expect(ko).toContain(USAGE_LINES[name]);
    expect(ko.split('\n\n')[0]!.slice(`사용법:\n${USAGE_LINES[name]}`.length)).toMatch(/[가-힣]/);
    const en = helpText(name, 'en');
    expect(en).toMatch(/^Usage:/);
    expect(en).toContain(USAGE_LINES[name]);
    expect(en).not.toMatch(/[가-힣]/);
  });

  test.each(topics)('%s: a wrong command line points at the command that prints this help', (name) => {
    expect(helpCommand(name)).toMatch(/^(npm run \S+ -- |node --import tsx \S+ )--help$/);
    expect(USAGE_LINES[name].startsWith(helpCommand(name).slice(0, -'--help'.length))).toBe(true);
    expect(usageErrorText(wrong, name, 'en')).toContain(`More: ${helpCommand(name)}`);
    expect(usageErrorText(wrong, name, 'ko')).toContain(`자세한 설명: ${helpCommand(name)}`);
  });
});

describe('option errors of the learner commands speak the chosen language', () => {
  /** What checker/cli.ts prints for a command line it refuses (its own reading of the line, with standard error caught). */
  function refused(argv: string[], env: NodeJS.ProcessEnv = {}): string {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const line = readCheckerCommandLine(argv, env);
      if (line.exitCode !== 2) throw new Error(`${argv.join(' ')} was not refused`);
      return error.mock.calls.map((call) => String(call[0])).join('\n');
    } finally {
      error.mockRestore();
    }
  }

  test.each([
    ['--timeout', ['check', '--timeout', '0'], /--timeout은 1에서 600/],
    ['an unknown option', ['hint', '--frobnicate'], /알 수 없는 옵션: --frobnicate/],
  ])('%s: Korean by default, with the usage line', (_name, argv, korean) => {
    const text = refused(argv);
    expect(text).toMatch(korean);
    expect(text).toMatch(/사용법:\nnpm run /);
    expect(text).not.toMatch(/must be|needs a value|unknown option|required/);
  });

  test('and English with --lang en or CHECKER_LANG=en', () => {
    expect(refused(['check', '--timeout', 'soon', '--lang', 'en'])).toContain('--timeout must be a number of seconds from 1 to 600, not soon');
    const bogus = refused(['check', '--bogus'], { CHECKER_LANG: 'en' });
    expect(bogus).toContain('Unknown option: --bogus');
    expect(bogus).toContain('npm run check --');
  });
});

describe('the instructors\' and learners\' help', () => {
  /** The options a usage line names (`node --import tsx`, the way the command is started, is no option of it). */
  const optionsOf = (topic: HelpTopic) => [...new Set(USAGE_LINES[topic].replace(/^node --import tsx /, '').match(/--[a-z][a-z-]*/g) ?? [])];
  const instructorTopics: HelpTopic[] = ['grade', 'grade:diff', 'grade:merge', 'grade:pr', 'gradescope', 'pr-summary', 'edition'];
  // A learner reads the same help, so the learner commands are held to the same bar.
  const learnerTopics: HelpTopic[] = ['check', 'hint', 'watch', 'reset', 'serve', 'auth-server'];

  test.each([...instructorTopics, ...learnerTopics])('%s: every option of its usage line is explained in its help, in both languages', (topic) => {
    for (const lang of ['ko', 'en'] as const) {
      const about = helpText(topic, lang).split('\n').slice(2).join('\n');
      const unexplained = optionsOf(topic).filter((option) => option !== '--lang' && !new RegExp(`${option}(?![a-z-])`).test(about));
      expect(unexplained, `${topic} (${lang})`).toEqual([]);
    }
  });

  test('check says its suites are the public ones and the private ones come with --suites, never that the public suites are hidden', () => {
    const en = helpText('check', 'en');
    expect(en).toContain('Grades exercises with the public suites (checker/suites/)');
    expect(en).toMatch(/--suites DIR {2}add an instructor's private \(hidden\) suites/);
    expect(en).not.toMatch(/with the hidden suites/);
    const ko = helpText('check', 'ko');
    expect(ko).toContain('공개 테스트(checker/suites/)로');
    expect(ko).not.toMatch(/^ {2}숨은 테스트로/m);
  });
});

describe('one option table (checker/usage/options.ts) drives every command line', () => {
  const topics = Object.keys(COMMAND_LINES) as HelpTopic[];
  const everyOption = Object.keys(OPTIONS) as OptionName[];

  /** The parsers a unit test can call, each given operands it would take. */
  const parsers: Partial<Record<HelpTopic, (argv: string[]) => unknown>> = {
    check: (argv) => parseArgs(['check', ...argv], {}),
    hint: (argv) => parseArgs(['hint', ...argv], {}),
    watch: (argv) => parseArgs(['watch', ...argv], {}),
    reset: (argv) => parseArgs(['reset', '01', ...argv], {}),
    'signed-check': (argv) => parseSignedCheckArgs(argv, {}),
    grade: (argv) => parseGradeArgs(['submissions', ...argv], {}),
    'grade:pr': (argv) => parsePrArgs(argv, {}),
    serve: (argv) => parseHttpArgs('serve', ['04', ...argv], 'solutions', {}),
    conformance: (argv) => parseHttpArgs('conformance', ['04', ...argv], 'solutions', {}),
    inspect: (argv) => parseInspectArgs(argv, {}),
    hosts: (argv) => parseHostsArgs(['03', ...argv], {}),
  };

  /** What a parser says of a command line with this one option, '' when it takes the line. */
  function said(parse: (argv: string[]) => unknown, name: OptionName): string {
    try {
      parse('value' in OPTIONS[name] ? [name, 'x'] : [name]);
      return '';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  test.each(Object.keys(parsers))('%s takes every option its row lists and refuses every other one as unknown', (topic) => {
    const listed = optionRows(topic as HelpTopic).map((row) => row.name);
    const parse = parsers[topic as HelpTopic]!;
    const wrong = everyOption.filter((name) => said(parse, name).includes(`Unknown option: ${name}`) === listed.includes(name));
    expect(wrong, `${topic}: these options are taken or refused against the table`).toEqual([]);
  });

  test('every other command reads its line through its own row: readOptions with its own name', () => {
    const root = resolve(import.meta.dirname, '..', '..', '..', '..');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? (entry.name === 'suites' ? [] : walk(join(dir, entry.name))) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
    const text = [...walk(join(root, 'checker')), ...walk(join(root, 'mutate'))].map((file) => readFileSync(file, 'utf8')).join('\n');
    const unread = topics.filter((topic) => !(topic in parsers) && !text.includes(`readOptions('${topic}'`));
    expect(unread).toEqual([]);
  });

  test.each(topics)('%s: its usage line and help list each of its options once, and --help explains every one in both languages', (topic) => {
    const rows = optionRows(topic);
    for (const row of rows) expect(USAGE_LINES[topic].split(' ').filter((word) => word.replace(/^\[|\]$/g, '') === row.name), `${topic} ${row.name}`).toHaveLength(1);
    for (const lang of ['ko', 'en'] as const) {
      const lines = helpText(topic, lang).split('\n');
      for (const row of rows.filter(({ name }) => name !== '--lang')) {
        expect(lines.filter((line) => line.startsWith(`  ${row.name}${row.value === undefined ? '' : ` ${row.value}`}  ${row.about[lang]}`)), `${topic} ${row.name} (${lang})`).toHaveLength(1);
      }
    }
  });
});
