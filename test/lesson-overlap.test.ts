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
 * - Lessons: each chapter's README.md as committed (the blob named in checker/starters.json, so a learner's
 *   edits in chapters/ never turn this red) and each solutions/<chapter>/README.md.
 * The seeds live outside the repository, in ../shared/seeds; without them the comparison is skipped and says so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readStarters } from '../checker/course/starters.ts';
import { MAX_OVERLAP, MIN_CHARS, closestMatches, grams, lessonSentences, overlap, seedSentences } from './support/overlap.ts';
import type { Match, Sentence } from './support/overlap.ts';
import { REPO } from './support/run.ts';
import { SEEDS_DIR } from './support/seeds.ts';
import { committedStarters } from './support/starters.ts';

/** A lesson README: where it is and its text. */
interface Lesson {
  file: string;
  text: string;
}

/** Every lesson README of the course, found by folder, not by a list kept here. */
function lessons(): Lesson[] {
  const found: Lesson[] = [];
  for (const [dir, files] of Object.entries(readStarters())) {
    const blob = files['README.md'];
    if (blob !== undefined) found.push({ file: `chapters/${dir}/README.md`, text: readFileSync(join(committedStarters(), dir, 'README.md'), 'utf8') });
  }
  for (const dir of readdirSync(join(REPO, 'solutions')).sort()) {
    const file = join(REPO, 'solutions', dir, 'README.md');
    if (existsSync(file)) found.push({ file: `solutions/${dir}/README.md`, text: readFileSync(file, 'utf8') });
  }
  return found;
}

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
  });
}
