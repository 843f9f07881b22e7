import { describe, expect, test } from 'vitest';
import { codeTokens, distinctiveTokens, lessonBeforeReveal, mentions, shownTokens, suiteSentences } from '../../support/giveaway.ts';
import type { CodeToken, HunkLines } from '../../support/giveaway.ts';

/** A tiny exercise: the starter logs, has a TODO and an unchecked value, and uses a helper; the solution checks the value with it and logs to stderr. */
const STARTER = [
  "import { isPlainObject } from './rpc.ts';",
  'export function handle(args: unknown): string {',
  "  // TODO(99/1): 값을 쓰기 전에 모양을 지켜라.",
  "  console.log('시작');",
  "  return String(args);",
  '}',
  "console.error('준비', isPlainObject({}));",
].join('\n');

const SOLUTION = [
  "import { isPlainObject } from './rpc.ts';",
  'export function handle(args: unknown): string {',
  '  // Why: a hostile caller sends anything.',
  "  if (!isPlainObject(args) || !Object.hasOwn(args, 'name')) throw new RangeError('이름만 받는다.');",
  "  console.error('시작');",
  "  return String(args['name']) + 12345;",
  '}',
  "console.error('준비', isPlainObject({}));",
].join('\n');

/** The one hunk of the pair: solution lines 3-6 replace starter lines 3-5. */
const HUNK: HunkLines = { from: 3, to: 6, starterFrom: 3, starterTo: 5 };

function distinctive(): string[] {
  return distinctiveTokens('server.ts', SOLUTION, STARTER, shownTokens(new Map([['server.ts', STARTER]])), [HUNK]).map((token) => token.text);
}

describe('distinctive tokens', () => {
  test('are what the solution writes and the starter never shows, or a call swapped in on the spot', () => {
    expect(distinctive().sort()).toEqual(['12345', 'Object.hasOwn', 'RangeError', 'console.error', 'hasOwn', 'name', '이름만 받는다.'].sort());
  });

  test('leave out what the starter shows, short names, the stoplist and the comments', () => {
    const found = distinctive();
    // isPlainObject is a helper the starter uses; args and handle are its own names; String is on the stoplist.
    for (const known of ['isPlainObject', 'args', 'handle', 'String', 'console', 'error']) expect(found).not.toContain(known);
    // The solution's comment is no code: its words are not tokens.
    expect(found).not.toContain('hostile');
  });

  test('count only the lines of the hunk', () => {
    const shown = shownTokens(new Map([['server.ts', STARTER]]));
    const found = distinctiveTokens('server.ts', SOLUTION, STARTER, shown, [{ from: 6, to: 6, starterFrom: 5, starterTo: 5 }]).map((token) => token.text);
    expect(found).toEqual(['name', '12345']);
  });

  test('carry the solution line they come from', () => {
    const hasOwn = distinctiveTokens('server.ts', SOLUTION, STARTER, shownTokens(new Map([['server.ts', STARTER]])), [HUNK]).find((token) => token.text === 'Object.hasOwn');
    expect(hasOwn?.line).toBe(4);
  });

  test('a name the starter only imports is not shown: the import is there for the answer', () => {
    const starter = ["import { isPlainObject, requireAuth } from './rpc.ts';", 'export const ok = isPlainObject({});'].join('\n');
    const shown = shownTokens(new Map([['server.ts', starter]]));
    expect(shown.has('isPlainObject')).toBe(true);
    expect(shown.has('requireAuth')).toBe(false);
    // The module it imports from is shown: the starter does use that module.
    expect(shown.has('./rpc.ts')).toBe(true);
    const solution = ["import { isPlainObject, requireAuth } from './rpc.ts';", 'export const ok = isPlainObject({}) && requireAuth();'].join('\n');
    const found = distinctiveTokens('server.ts', solution, starter, shown, [{ from: 2, to: 2, starterFrom: 2, starterTo: 2 }]).map((token) => token.text);
    expect(found).toContain('requireAuth');
    expect(found).not.toContain('isPlainObject');
  });

  test('a file that does not parse is an error, not an empty list', () => {
    expect(() => codeTokens('broken.ts', 'const = ;')).toThrow(/broken\.ts does not parse/);
  });
});

describe('mentions', () => {
  const token = (text: string, kind: CodeToken['kind']): CodeToken => ({ text, kind, line: 1 });

  test('finds a name as a whole word, with a Korean particle right after it', () => {
    expect(mentions('Object.hasOwn을 써라', token('Object.hasOwn', 'path'), 'ko')).toBe(true);
    expect(mentions('console.error로 옮겨라', token('console.error', 'path'), 'ko')).toBe(true);
    expect(mentions('names를 보라', token('name', 'name'), 'ko')).toBe(false);
    expect(mentions('resources/list에는 허용된 문서만 나온다', token('list', 'name'), 'ko')).toBe(false);
    expect(mentions('list 옵션을 보라', token('list', 'name'), 'ko')).toBe(true);
    expect(mentions('a1234b', token('123', 'number'), 'en')).toBe(false);
    expect(mentions('정수(12345)를 더하라', token('12345', 'number'), 'ko')).toBe(true);
  });

  test('finds a Korean string anywhere', () => {
    expect(mentions('메시지는 "이름만 받는다."다.', token('이름만 받는다.', 'string'), 'en')).toBe(true);
  });

  test('does not read a plain English word as a name in English text, but does in Korean', () => {
    expect(mentions('the reply must carry the name', token('name', 'name'), 'en')).toBe(false);
    expect(mentions('name 키를 확인하라', token('name', 'name'), 'ko')).toBe(true);
    expect(mentions('use RangeError', token('RangeError', 'name'), 'en')).toBe(true);
  });
});

describe('suite sentences', () => {
  const SUITE = [
    "ensure(ok, {",
    "  what: say(`서버가 ${show(reply)}를 돌려줬다. console.error로 옮겨라.`, 'The server returned it.'),",
    "  sent: 'console.error',",
    '});',
    "const WHY = { ko: '이유', en: `reason ${x}` };",
    "const data = 'not a sentence';",
  ].join('\n');

  test('are the string parts of say() and of { ko, en } objects, by language, never what ${...} puts in', () => {
    expect(suiteSentences('suite.ts', SUITE)).toEqual([
      { text: '서버가 ', lang: 'ko', line: 2 },
      { text: '를 돌려줬다. console.error로 옮겨라.', lang: 'ko', line: 2 },
      { text: 'The server returned it.', lang: 'en', line: 2 },
      { text: '이유', lang: 'ko', line: 5 },
      { text: 'reason ', lang: 'en', line: 5 },
    ]);
  });

  test('a giveaway written into a sentence is found; the same token as data is not', () => {
    const sentences = suiteSentences('suite.ts', SUITE);
    const hits = sentences.filter((sentence) => mentions(sentence.text, token('console.error'), sentence.lang));
    expect(hits.map((hit) => hit.line)).toEqual([2]);
  });

  test('include what a caller hands to a function of the file that passes its parameters to say()', () => {
    const source = [
      'function expectShape(ok: boolean, ko: string, en: string): void {',
      '  ensure(ok, { what: say(ko, en) });',
      '}',
      "expectShape(false, 'z.enum으로 바꿔라', 'use z.enum');",
    ].join('\n');
    expect(suiteSentences('suite.ts', source)).toEqual([
      { text: 'z.enum으로 바꿔라', lang: 'ko', line: 4 },
      { text: 'use z.enum', lang: 'en', line: 4 },
    ]);
  });

  function token(text: string): CodeToken {
    return { text, kind: 'path', line: 1 };
  }
});

describe('lessonBeforeReveal', () => {
  const README = ['# 9장', '', '본문 A', '', '### 연습 1: 하나', '', '예측 1', '', '<details>', '답 1', '</details>', '', '### 09/2 둘', '', '예측 2', '', '<details>', '답 2', '</details>', '', '### 09/3 셋', '', '답이 없다', '', '## 다음 절', '', '<details>', '</details>'].join('\n');

  test('reads from the first line up to the first reveal of the section, by number or by id', () => {
    expect(lessonBeforeReveal(README, '09/1')).toEqual({ text: README.split('\n').slice(0, 8).join('\n'), revealLine: 9 });
    const second = lessonBeforeReveal(README, '09/2');
    expect(second.revealLine).toBe(17);
    expect(second.text).toContain('답 1');
    expect(second.text).not.toContain('답 2');
  });

  test('finds an English edition\'s exercise heading by number too', () => {
    const english = ['# Chapter 9', '', 'Text A', '', '### Exercise 1: one', '', 'Prediction 1?', '', '<details>', 'Answer 1', '</details>'].join('\n');
    expect(lessonBeforeReveal(english, '09/1')).toEqual({ text: english.split('\n').slice(0, 8).join('\n'), revealLine: 9 });
  });

  test('throws when the section has no reveal before the next heading, or no heading names the exercise', () => {
    expect(() => lessonBeforeReveal(README, '09/3')).toThrow(/no folded reveal/);
    expect(lessonBeforeReveal(README.replace('### 연습 1: 하나', '### Exercise 1: one'), '09/1').revealLine).toBe(9);
    expect(() => lessonBeforeReveal(README, '09/4')).toThrow(/no ### heading/);
  });
});
