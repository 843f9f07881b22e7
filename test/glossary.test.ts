/**
 * The lessons keep to docs/glossary.md: no lesson uses a word its "쓰지 않는 말" table rules out, and each Korean term
 * of its core table has one row, so one meaning.
 *
 * - The ruled-out words are read from the glossary itself (the third column of the first table), not kept here, so
 *   adding a row there is all it takes to keep every lesson to it.
 * - Lessons: each chapter's README.md as committed (the blob checker/starters.json names, so a learner's edits in
 *   chapters/ never turn this red) and each solutions/<chapter>/README.md.
 * - Its English page (docs/glossary.en.md) lists the same core terms in the same order, so a term added in Korean is added for both readers.
 * - ALLOWED_PHRASES lists the phrases the glossary's note column lets through (the idiom "글자 그대로").
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readStarters } from '../checker/course/starters.ts';
import { REPO } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

/** Phrases that hold a ruled-out word but that the glossary's note allows. */
const ALLOWED_PHRASES: readonly string[] = ['글자 그대로'];

/** The rows of the Markdown table that follows a `## ` heading of the glossary, as cells, header and rule left out. */
function tableAfter(glossary: string, heading: string): string[][] {
  const lines = glossary.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`docs/glossary.md has no ${heading}`);
  const rows: string[][] = [];
  for (let at = start + 1; at < lines.length && !lines[at]!.startsWith('## '); at += 1) {
    const line = lines[at]!;
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(line.slice(1, -1).split('|').map((cell) => cell.trim()));
  }
  return rows.slice(2);
}

/** Every lesson README of the course, with the file a finding names. */
function lessons(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const [dir, files] of Object.entries(readStarters())) {
    if (files['README.md'] !== undefined) found.push({ file: `chapters/${dir}/README.md`, text: readFileSync(join(committedStarters(), dir, 'README.md'), 'utf8') });
  }
  for (const dir of readdirSync(join(REPO, 'solutions')).sort()) {
    const file = join(REPO, 'solutions', dir, 'README.md');
    if (existsSync(file)) found.push({ file: `solutions/${dir}/README.md`, text: readFileSync(file, 'utf8') });
  }
  return found;
}

const GLOSSARY = readFileSync(join(REPO, 'docs', 'glossary.md'), 'utf8');

test('no lesson uses a word the glossary rules out', () => {
  const ruledOut = tableAfter(GLOSSARY, '## 쓰지 않는 말').map((row) => ({ word: row[2]!, use: row[1]! }));
  expect(ruledOut.length, 'the glossary table of words not used').toBeGreaterThan(0);
  const found: string[] = [];
  for (const lesson of lessons()) {
    lesson.text.split('\n').forEach((line, index) => {
      let rest = line;
      for (const phrase of ALLOWED_PHRASES) rest = rest.split(phrase).join('');
      for (const { word, use } of ruledOut) if (rest.includes(word)) found.push(`${lesson.file}:${index + 1} uses "${word}"; the glossary uses "${use}"`);
    });
  }
  expect(found).toEqual([]);
});

test('each Korean term of the glossary has one row, so one meaning', () => {
  const terms = tableAfter(GLOSSARY, '## 과정의 핵심 용어').map((row) => row[0]!);
  expect(terms.length).toBeGreaterThan(0);
  expect(terms.filter((term, index) => terms.indexOf(term) !== index)).toEqual([]);
});

test('the English page of the glossary lists the same core terms as the Korean half, in the same order', () => {
  const korean = tableAfter(GLOSSARY, '## 과정의 핵심 용어').map((row) => row[0]!);
  const english = readFileSync(join(REPO, 'docs', 'glossary.en.md'), 'utf8');
  expect(tableAfter(english, '## The course\'s core terms').map((row) => row[1]!)).toEqual(korean);
});
