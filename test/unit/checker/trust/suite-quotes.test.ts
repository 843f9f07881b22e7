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
