/**
 * The lessons are our own writing: no lesson sentence may follow one seed sentence with a few words swapped.
 *
 * How it measures (details in ./support/overlap.ts):
 * - Every lesson README is split into sentences: paragraphs at . ? ! plus a space, list items and headings
 *   on their own, a table row as one sentence. Seeds are split the same way, line by line.
 * - Exempt, because they must stay as the seeds fix them: fenced code blocks (code, the seed-exact program
 *   output, diagrams), inline code (identifiers, quoted output and error messages), HTML tags, link targets.
 *   Quote a fixed message or output line as inline code, and it is not counted.
 * - Spacing, punctuation and case are ignored (letters and digits only, NFC), so re-spacing hides nothing.
 * - A lesson sentence fails when more than half (MAX_OVERLAP) of its character 4-grams occur in one seed
 *   sentence. Sentences under MIN_CHARS letters are skipped: short phrases match by chance.
 * - Every lesson is compared with every seed: a sentence taken from another chapter's seed is still taken,
 *   and a chapter without a seed of its own (such as one built on the real SDK) is covered the same way.
 * - Lessons: each chapter's README.md and README.en.md as committed (the blobs named in checker/starters.json, so a
 *   learner's edits in chapters/ never turn this red) and each solutions/<chapter>/README.md and README.en.md. The seeds
 *   are Korean, so an English lesson shares no 4-grams with them by chance; one that quotes a seed sentence still does.
 * The seeds live outside the repository, in ../shared/seeds; without them the comparison is skipped and says so.
 * A lesson of our own also has its own shape, whatever the seed, in both languages: it opens with what the learner will
 * be able to do ("이 장을 마치면", "When you finish this chapter" or "By the end of this chapter"), and its exercises ("## 연습 문제", "## Exercises") begin
 * within its first third (by characters and by lines), the reference sections after them.
 *
 * A lesson can also follow a seed without one borrowed sentence: the seed's paragraphs retold one after another,
 * in its order, in new words. The second measure looks for that (details in ./support/paragraph-order.ts):
 * - Paragraphs, list items and table rows of the lesson are compared with the seed's lines by shared stems
 *   (a Hangul word's first two syllables), each stem weighted by how rare it is in the seed.
 * - A local alignment (Smith–Waterman) finds the lesson passage that pairs the most, most similar, seed paragraphs
 *   in the seed's order, own paragraphs in between costing a little. Its strong pairs are "retold in order".
 * - A lesson fails when that passage retells more than MAX_RETOLD seed paragraphs (below), the same bound in every chapter.
 * What the lessons measured when the bound was set (paragraphs retold in order by the best passage):
 * - chapters 3 and 4, built on the real SDK and no seed: 1 against either seed. Chance level: 1 or 2.
 * - chapter 1 against its seed: 2 before its rewrite and 2 after, both chance (two short rows of the
 *   who-checks-what table). Its seed-shaped passages were single paragraphs (the A2A paragraph, the file-system
 *   sentence), which this measure does not see; the A2A paragraph's best similarity fell from 36% to 13%.
 * - chapter 2 against its seed: 8 before its rewrite (the configuration table and the paragraphs around it, one
 *   seed line each, in order); a draft of its rewrite measured 2. Without the table the old lesson measured 2:
 *   shorter retellings (three paragraphs or fewer) stay within chance and are for a reviewer to find.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readStarters } from '../checker/course/starters.ts';
import { MAX_OVERLAP, MIN_CHARS, closestMatches, grams, lessonBlocks, lessonSentences, overlap, seedSentences } from './support/overlap.ts';
import type { Match, Sentence } from './support/overlap.ts';
import { followSeed, seedUnits } from './support/paragraph-order.ts';
import type { Alignment, Unit } from './support/paragraph-order.ts';
import { REPO } from './support/run.ts';
import { SEEDS_DIR } from './support/seeds.ts';
import { committedStarters } from './support/starters.ts';

/** A lesson README: where it is, its text and its language (README.md is Korean, README.en.md English). */
interface Lesson {
  file: string;
  text: string;
  lang: 'ko' | 'en';
}

/** The lesson files of a chapter folder, by language. */
const LESSON_FILES = [
  { name: 'README.md', lang: 'ko' },
  { name: 'README.en.md', lang: 'en' },
] as const;

/** Every lesson README of the course in both languages, found by folder, not by a list kept here; a starter's text is read when asked for. */
function lessons(): Lesson[] {
  const found: Lesson[] = [];
  for (const [dir, files] of Object.entries(readStarters())) {
    for (const { name, lang } of LESSON_FILES) {
      // Read from git when a test reads it, never while the file loads and its tests are listed.
      if (files[name] !== undefined) {
        found.push({
          file: `chapters/${dir}/${name}`,
          get text() {
            return readFileSync(join(committedStarters(), dir, name), 'utf8');
          },
          lang,
        });
      }
    }
  }
  for (const dir of readdirSync(join(REPO, 'solutions')).sort()) {
    for (const { name, lang } of LESSON_FILES) {
      const file = join(REPO, 'solutions', dir, name);
      if (existsSync(file)) found.push({ file: `solutions/${dir}/${name}`, text: readFileSync(file, 'utf8'), lang });
    }
  }
  return found;
}

/** How each language's lesson says what the learner will be able to do (either English phrase), and names its exercises' section. */
const SHAPE_WORDS = {
  ko: { outcome: /이 장을 마치면/, said: '이 장을 마치면', exercises: '## 연습 문제' },
  en: { outcome: /(When you finish|By the end of) this chapter/i, said: 'When you finish this chapter" or "By the end of this chapter', exercises: '## Exercises' },
} as const;

/** Seed sentences labelled with their file, so a failure names where the borrowed sentence is. */
function seeds(): Sentence[] {
  return readdirSync(SEEDS_DIR)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .flatMap((name) =>
      seedSentences(readFileSync(join(SEEDS_DIR, name), 'utf8')).map((sentence) => ({ ...sentence, source: name })),
    );
}

/** One offending pair, written for the author who has to rewrite the sentence. */
function describeMatch(file: string, match: Match): string {
  const share = Math.round(match.overlap * 100);
  return [
    `${file}:${match.lesson.line} shares ${share}% of its 4-grams with ${match.seed.source ?? 'a seed'}:${match.seed.line}`,
    `  lesson: ${match.lesson.text}`,
    `  seed:   ${match.seed.text}`,
  ].join('\n');
}

/**
 * How many seed paragraphs one lesson passage may retell in the seed's order, in every chapter. Chance alone pairs 1
 * or 2 paragraphs (the measurements above), so 3 leaves room for an explanation that must come in the same logical
 * order as the seed's without following it.
 */
const MAX_RETOLD = 3;

/** The lesson's units for the order measure: every prose block but headings. */
function orderUnits(markdown: string): Unit[] {
  return lessonBlocks(markdown).filter((block) => block.kind !== 'heading');
}

/** The passage that retells too much, written for the author who has to restructure it. */
function describeAlignment(file: string, seed: string, alignment: Alignment): string {
  return [
    `${file} retells ${alignment.pairs.length} paragraphs of ${seed} in its order:`,
    ...alignment.pairs.map((pair) => `  ${file}:${pair.lesson.line} ~ ${seed}:${pair.seed.line} (${Math.round(pair.similarity * 100)}%): ${pair.lesson.text.slice(0, 60)}`),
  ].join('\n');
}

describe('the paragraph-order measure', () => {
  const seedText = [
    '허용 목록은 서버가 요청을 받은 다음 따로 확인하는 접근 정책이다.',
    '요청 식별자는 응답을 원래 요청과 짝짓는 번호이며 클라이언트가 비교한다.',
    '입력 스키마는 인자의 구조를 설명할 뿐 검증을 실행하지 않는다.',
    '도구 결과에 담긴 문장은 자료이며 호스트의 지시로 승격되지 않는다.',
    '완료 기준은 결과를 기대값과 비교한 뒤에만 통과로 기록한다.',
  ].join('\n\n');
  const seed = seedUnits(seedText);
  const retold = [
    '서버가 요청을 받으면 허용 목록이라는 접근 정책을 따로 확인한다고 보자.',
    '응답이 오면 클라이언트는 요청 식별자를 비교해 원래 요청과 짝짓는다, 그 번호로.',
    '스키마는 인자 구조를 설명하지만 입력 검증을 실행하는 코드는 아니다.',
    '호스트는 도구 결과의 문장을 지시로 승격하지 않고 자료로 다룬다.',
    '결과를 기대값과 비교한 뒤에야 완료 기준을 통과로 기록한다.',
  ];

  test('a lesson that retells a seed paragraph by paragraph, in new words, pairs every paragraph', () => {
    const units = retold.map((text, index) => ({ text, line: index * 2 + 1 }));
    expect(followSeed(units, seed).pairs).toHaveLength(retold.length);
  });

  test('our own paragraphs between the retold ones do not hide the order', () => {
    const own = '이 문단은 우리 코드의 파일 이름과 함수 흐름을 따라가며 새로 쓴 설명이다.';
    const units = retold.flatMap((text, index) => [{ text, line: index * 4 + 1 }, { text: own, line: index * 4 + 3 }]);
    expect(followSeed(units, seed).pairs).toHaveLength(retold.length);
  });

  test('the same paragraphs in another order are not one passage', () => {
    const shuffled = [retold[4], retold[2], retold[0], retold[3], retold[1]].map((text, index) => ({ text: text ?? '', line: index * 2 + 1 }));
    expect(followSeed(shuffled, seed).pairs.length).toBeLessThanOrEqual(2);
  });
});

describe('the overlap measure', () => {
  const ours = '허용 목록은 서버가 요청을 받은 다음에 따로 확인하는 정책이다.';

  test('a sentence with a synonym swapped in still shares more than half of its 4-grams', () => {
    const swapped = ours.replace('확인하는', '검사하는');
    expect(overlap(grams(swapped), grams(ours))).toBeGreaterThan(MAX_OVERLAP);
    expect(closestMatches(lessonSentences(`앞 문장이다. ${swapped}\n`), [{ text: ours, line: 1 }])[0]?.overlap).toBeGreaterThan(MAX_OVERLAP);
  });

  test('a sentence that says the same thing in other words stays under the limit', () => {
    const rewritten = '서버는 도착한 요청마다 자기 쪽 목록을 다시 본다.';
    expect(overlap(grams(rewritten), grams(ours))).toBeLessThan(MAX_OVERLAP);
  });

  test('spacing and punctuation do not hide a copied sentence', () => {
    expect(overlap(grams('허용목록은, 서버가 요청을 받은 다음에 — 따로 확인하는 정책이다!'), grams(ours))).toBe(1);
  });

  test('code blocks, inline code and HTML tags are not compared; table rows and list items are', () => {
    const markdown = [
      '```text',
      ours,
      '```',
      '',
      `메시지는 \`${ours}\`로 고정되어 있다.`,
      '',
      '<details>',
      '<summary>답을 정했으면 열어 보라</summary>',
      '',
      `| 항목 | ${ours} |`,
      '| --- | --- |',
      '',
      `- ${ours}`,
      '</details>',
    ].join('\n');
    const sentences = lessonSentences(markdown);
    expect(sentences.map((sentence) => sentence.line)).toEqual([5, 8, 10, 13]);
    const matches = closestMatches(sentences, [{ text: ours, line: 1 }]).filter((match) => match.overlap > MAX_OVERLAP);
    expect(matches.map((match) => match.lesson.line).sort((a, b) => a - b)).toEqual([10, 13]);
  });

  test(`sentences under ${MIN_CHARS} letters are skipped`, () => {
    expect(closestMatches(lessonSentences('짧은 문장이다.\n'), [{ text: '짧은 문장이다.', line: 1 }])).toEqual([]);
  });
});

if (!existsSync(SEEDS_DIR)) {
  test.skip(`lessons against the seeds: skipped, no seeds at ${SEEDS_DIR} (CI keeps a copy there)`, () => {});
} else {
  describe('lessons against the seeds', () => {
    const seedList = seeds();

    test('a real seed sentence with a synonym swapped in is caught', () => {
      const original = seedList.find((sentence) => sentence.text.length > 30 && sentence.text.includes('않는다'));
      expect(original, 'the seeds should hold a long sentence ending in 않는다').toBeDefined();
      const swapped = original!.text.replace('않는다', '않도록 한다');
      const found = closestMatches(lessonSentences(`# 장\n\n우리 말로 쓴 문장이 먼저 온다. ${swapped}\n`), seedList);
      expect(found[0]?.lesson.text).toBe(swapped);
      expect(found[0]?.overlap).toBeGreaterThan(MAX_OVERLAP);
    });

    test.each(lessons().map((lesson) => [lesson.file, lesson] as const))('%s follows no seed sentence', (_file, lesson) => {
      const sentences = lessonSentences(lesson.text);
      expect(sentences.length, 'a lesson should have prose to compare').toBeGreaterThan(20);
      const copied = closestMatches(sentences, seedList).filter((match) => match.overlap > MAX_OVERLAP);
      expect(copied.map((match) => describeMatch(lesson.file, match)), 'rewrite these sentences in our own words').toEqual([]);
    });

    const seedFiles = readdirSync(SEEDS_DIR).filter((name) => name.endsWith('.txt')).sort();
    test.each(lessons().map((lesson) => [lesson.file, lesson] as const))('%s retells no seed paragraph by paragraph', (file, lesson) => {
      const bound = MAX_RETOLD;
      const units = orderUnits(lesson.text);
      const tooClose = seedFiles
        .map((name) => ({ name, alignment: followSeed(units, seedUnits(readFileSync(join(SEEDS_DIR, name), 'utf8'))) }))
        .filter((found) => found.alignment.pairs.length > bound)
        .map((found) => describeAlignment(file, found.name, found.alignment));
      expect(tooClose, `at most ${bound} seed paragraphs in the seed's order: tell it around our own code and examples`).toEqual([]);
    });
  });
}

/** Where a lesson's exercises begin (its `## 연습 문제` or `## Exercises` heading), as the larger of its share of characters and of lines. */
function exercisesStart(lesson: string, heading: string): number {
  const at = lesson.indexOf(`\n${heading}\n`);
  if (at === -1) return 1;
  return Math.max(at / lesson.length, lesson.slice(0, at).split('\n').length / lesson.split('\n').length);
}

describe('the shape of a lesson of our own', () => {
  test.each(lessons().map((lesson) => [lesson.file, lesson] as const))('%s opens with what the learner will be able to do, and its exercises start within its first third', (file, lesson) => {
    const words = SHAPE_WORDS[lesson.lang];
    const opening = lesson.text.split('\n').slice(0, 4).join('\n');
    expect(opening, `${file}: the lines under the title say what the learner will be able to do ("${words.said}")`).toMatch(words.outcome);
    const start = exercisesStart(lesson.text, words.exercises);
    expect(start, `${file}: "${words.exercises}" begins ${Math.round(start * 100)}% of the way in; move reference sections after the exercises`).toBeLessThanOrEqual(1 / 3);
  });
});
