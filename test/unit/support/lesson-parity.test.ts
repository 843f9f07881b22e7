import { describe, expect, test } from 'vitest';
import { codeBlocks, exerciseSection, lessonDifferences, lessonHeadings, predictionFlow, statesRule, withoutComments } from '../../support/lesson-parity.ts';

const EXERCISES = [{ id: '09/1', rule: { ko: '서버는 이름만 받는다.', en: 'The server takes a name only.' } }];
const NAMES = { ko: 'README.md', en: 'README.en.md' };

const KO = [
  '# 9장. 시험',
  '',
  '## 연습 문제',
  '',
  '### 09/1 이름 (`main.ts`)',
  '',
  '먼저 예측해 보라.',
  '',
  '1. 무엇이 돌아올까?',
  '2. 왜 그럴까?',
  '',
  '<details>',
  '<summary>풀이</summary>',
  '',
  '왜냐고? 답은 안에 있다.',
  '',
  '</details>',
  '',
  '**규칙.** 서버는 이름만 받는다.',
  '',
  '## 확인하기',
  '',
  '<!-- parity: comments -->',
  '',
  '```bash',
  'npm run check -- 09   # 이 장 모두',
  '```',
  '',
  '```text',
  '출력: 하나',
  '```',
  '',
  '<!-- parity: text -->',
  '',
  '```mermaid',
  'flowchart LR',
  '  A[강의] --> B[코드]',
  '```',
  '',
].join('\n');

const EN = [
  '# Chapter 9. A probe',
  '',
  '## Exercises',
  '',
  '### 09/1 The name (`main.ts`)',
  '',
  'Predict first.',
  '',
  '1. What comes back?',
  '2. Why?',
  '',
  '<details>',
  '<summary>Answers</summary>',
  '',
  'Why? The answer is inside.',
  '',
  '</details>',
  '',
  '**Rule.** The server takes a name only.',
  '',
  '## Checking',
  '',
  '<!-- parity: comments -->',
  '',
  '```bash',
  'npm run check -- 09   # the whole chapter',
  '```',
  '',
  '```text',
  '출력: 하나',
  '```',
  '',
  '<!-- parity: text -->',
  '',
  '```mermaid',
  'flowchart LR',
  '  A[lesson] --> B[code]',
  '```',
  '',
].join('\n');

describe('reading a lesson', () => {
  test('headings are read outside code blocks only', () => {
    expect(lessonHeadings('# a\n\n```sh\n# not a heading\n```\n\n## b\n').map((heading) => [heading.level, heading.text, heading.line])).toEqual([
      [1, 'a', 1],
      [2, 'b', 7],
    ]);
  });

  test('a code block carries the marker on the last non-blank line before its fence, and none otherwise', () => {
    expect(codeBlocks(KO).map((block) => [block.info, block.marker, block.line])).toEqual([
      ['bash', 'comments', 25],
      ['text', undefined, 29],
      ['mermaid', 'text', 35],
    ]);
    expect(codeBlocks('<!-- parity: text -->\n\nProse between.\n\n```ts\nx\n```\n')[0]?.marker).toBeUndefined();
  });

  test('comments go, code and strings stay', () => {
    expect(withoutComments('npm run check -- 05        # 이 장\n// 한 줄 주석\nfetch("https://a.test/x"); // 끝')).toBe('npm run check -- 05\nfetch("https://a.test/x");');
  });

  test('predictions are questions outside a reveal, in order with the reveals, under each heading', () => {
    const flows = predictionFlow(KO).map((part) => [part.heading?.text, part.flow]);
    expect(flows).toEqual([
      [undefined, ''],
      ['9장. 시험', ''],
      ['연습 문제', ''],
      ['09/1 이름 (`main.ts`)', 'PPR'],
      ['확인하기', ''],
    ]);
    expect(predictionFlow('## a\n\n`x?`를 본다.\n\n무엇일까?\n')[1]?.flow).toBe('P');
  });

  test('an exercise section is found by its id, or by 연습 N: / Exercise N:, and states its rule', () => {
    expect(exerciseSection(KO, '09/1', 'ko')?.heading.line).toBe(5);
    expect(exerciseSection('### 연습 1: 하나\n\n본문\n\n## 다음\n', '09/1', 'ko')?.text).toBe('### 연습 1: 하나\n\n본문\n');
    expect(exerciseSection('### Exercise 1: one\n', '09/1', 'en')?.heading.text).toBe('Exercise 1: one');
    expect(exerciseSection('### 09/10 열\n', '09/1', 'ko')).toBeUndefined();
    expect(statesRule('**Rule.** The `server` takes a\nname only.', 'The server takes a name only.')).toBe(true);
    expect(statesRule('The server takes names.', 'The server takes a name only.')).toBe(false);
  });
});

describe('comparing the two editions', () => {
  test('parallel editions have no differences', () => {
    expect(lessonDifferences(KO, EN, EXERCISES, NAMES)).toEqual([]);
  });

  test('a heading of another level is named with both lines', () => {
    const found = lessonDifferences(KO, EN.replace('## Checking', '### Checking'), EXERCISES, NAMES);
    expect(found).toContainEqual(expect.stringMatching(/^headings differ from heading 4 on .*README\.md:21 ## 확인하기 \| README\.en\.md:21 ### Checking$/));
  });

  test('a missing rule names the file, the exercise and the rule to add', () => {
    const found = lessonDifferences(KO, EN.replace('**Rule.** The server takes a name only.', '**Rule.** The server takes names.'), EXERCISES, NAMES);
    expect(found).toEqual([expect.stringContaining("README.en.md:5 (09/1) does not state the manifest's rule.en word for word")]);
  });

  test('the Korean edition must state the Korean rule, not the English one', () => {
    const found = lessonDifferences(KO.replace('서버는 이름만 받는다.', 'The server takes a name only.'), EN, EXERCISES, NAMES);
    expect(found).toEqual([expect.stringContaining("README.md:5 (09/1) does not state the manifest's rule.ko")]);
  });

  test('a prediction left out, or a reveal moved, is named with its heading', () => {
    const found = lessonDifferences(KO, EN.replace('2. Why?\n', ''), EXERCISES, NAMES);
    expect(found).toEqual([expect.stringContaining('README.md:5 "09/1 이름 (`main.ts`)" has 2 predictions and 1 reveals in the order PPR, README.en.md:5 "09/1 The name (`main.ts`)" 1 and 1 in the order PR')]);
  });

  test('a translated program output is a difference; translated comments are not', () => {
    const found = lessonDifferences(KO, EN.replace('출력: 하나', 'output: one'), EXERCISES, NAMES);
    expect(found).toEqual([expect.stringContaining('code block 2 (README.md:29, README.en.md:29) differs (unmarked: byte for byte')]);
    expect(found[0]).toContain('"출력: 하나" vs "output: one"');
  });

  test('a command changed beside its comment is a difference', () => {
    const found = lessonDifferences(KO, EN.replace('npm run check -- 09   #', 'npm run check -- 09/1   #'), EXERCISES, NAMES);
    expect(found).toEqual([expect.stringContaining('code block 1 (README.md:25, README.en.md:25) differs (comments aside) at its line 1')]);
  });

  test('a marker in one edition only, another info string, or a block more are named', () => {
    expect(lessonDifferences(KO, EN.replace('<!-- parity: comments -->\n\n', ''), EXERCISES, NAMES)).toEqual([
      expect.stringContaining('code block 1 (README.md:25, README.en.md:23): marked comments in README.md but nothing in README.en.md'),
    ]);
    expect(lessonDifferences(KO, EN.replace('```mermaid', '```text'), EXERCISES, NAMES)).toEqual([expect.stringContaining('info string "mermaid" vs "text"')]);
    expect(lessonDifferences(KO, `${EN}\n\`\`\`sh\nls\n\`\`\`\n`, EXERCISES, NAMES)).toEqual(['README.md has 3 code blocks, README.en.md 4']);
  });

  test('an exercise without a section is named in the edition that lacks it', () => {
    const found = lessonDifferences(KO, EN.replace('### 09/1 The name', '### The name'), EXERCISES, NAMES);
    expect(found).toContainEqual('README.en.md has no section for exercise 09/1 (a heading like "### 09/1 …" or "### Exercise 1: …")');
  });
});
