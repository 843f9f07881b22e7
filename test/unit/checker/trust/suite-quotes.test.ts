import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { QUOTE_CHARS, SuiteQuotes, WITHHELD, codeRuns } from '../../../../checker/trust/suite-quotes.ts';

/** A suite as the checker copies it: code, string literals that make its own messages, and comments. */
const SUITE = [
  "import { double } from '../../../chapters/01-numbers/numbers.ts';",
  '// A comment the suite keeps for its readers.',
  "test('doubles zero', () => {",
  '  const got = double(0);',
  "  ensure(got === 0 && typeof got === 'number', { what: say('0의 두 배는 0이다.', 'Twice 0 is 0 and nothing else, as the rule says.'), got });",
  '});',
  '',
].join('\n');

describe('codeRuns', () => {
  test('keeps runs of code without white space, and cuts at strings, templates and comments', () => {
    const runs = codeRuns(SUITE);
    expect(runs.every((run) => run.length >= QUOTE_CHARS && !/\s/.test(run))).toBe(true);
    expect(runs.join('|')).not.toContain('Twice');
    expect(runs.join('|')).not.toContain('comment');
    expect(runs.some((run) => run.includes('constgot=double(0);ensure(got===0&&typeofgot==='))).toBe(true);
  });
});

describe('SuiteQuotes', () => {
  const quotes = new SuiteQuotes([SUITE]);

  test('finds the suite quoted as it is, as JSON, or re-spaced', () => {
    expect(quotes.quotes(`Error: ${SUITE}`)).toBe(true);
    expect(quotes.quotes(JSON.stringify({ stolen: SUITE }))).toBe(true);
    expect(quotes.quotes('leaked: const  got =\n double(0);\n   ensure(got === 0 && typeof got')).toBe(true);
    expect(quotes.redact(SUITE)).toBe(WITHHELD);
  });

  test("keeps the suite's own messages, made of its string literals, and the learner's own words", () => {
    expect(quotes.quotes('Twice 0 is 0 and nothing else, as the rule says.\nsent: 0\ngot: 1')).toBe(false);
    expect(quotes.quotes('expected 1 to be 0 // Object.is equality')).toBe(false);
    expect(quotes.redact('my server threw: not ready')).toBe('my server threw: not ready');
  });

  test('withholds nothing when no suite is known', () => {
    expect(new SuiteQuotes([]).quotes(SUITE)).toBe(false);
  });
});

describe('the real suites, as suite-quotes.ts reads them', () => {
  const suites = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? suites(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));

  /**
   * Quoted strings that seem to run past their line when a suite is read by codeRuns' rules (quotes, comments, nothing
   * else): TypeScript allows none, so each one means the reader lost its place, as it does on a regular-expression
   * literal that holds a quote, and then takes the suite's own messages for code and withholds them.
   */
  function straySpans(source: string): number[] {
    const found: number[] = [];
    const lineOf = (at: number) => source.slice(0, at).split('\n').length;
    for (let index = 0; index < source.length; ) {
      const char = source[index]!;
      const next = source[index + 1];
      if (char === "'" || char === '"' || char === '`') {
        const start = index;
        index += 1;
        while (index < source.length && source[index] !== char) index += source[index] === '\\' ? 2 : 1;
        if (char !== '`' && lineOf(index) !== lineOf(start)) found.push(lineOf(start));
        index += 1;
      } else if (char === '/' && next === '/') {
        while (index < source.length && source[index] !== '\n') index += 1;
      } else if (char === '/' && next === '*') {
        const end = source.indexOf('*/', index + 2);
        index = end < 0 ? source.length : end + 2;
      } else index += 1;
    }
    return found;
  }

  test('no suite throws the reader off, so no suite message of its own is withheld', () => {
    const root = join(import.meta.dirname, '..', '..', '..', '..', 'checker', 'suites');
    const misread = suites(root).flatMap((file) => straySpans(readFileSync(file, 'utf8')).map((line) => `${file.slice(root.length + 1)}:${line}`));
    expect(misread).toEqual([]);
  });
});
