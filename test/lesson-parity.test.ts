/**
 * Every lesson comes in Korean (README.md) and English (README.en.md), and the two editions teach the same lesson:
 * - the same heading structure (the same levels in the same order);
 * - a section for every exercise of the manifest, at the same heading, stating its rule word for word: the manifest's
 *   `rule.ko` in README.md, its `rule.en` in README.en.md (backticks and bold aside);
 * - the same predictions and folded reveals, in the same order, under each heading;
 * - the same code blocks byte for byte, except a block marked `<!-- parity: comments -->` (comments translated) or
 *   `<!-- parity: text -->` (the lesson's own words, translated) on the last non-blank line before it, in both files.
 * The reading is in ./support/lesson-parity.ts (unit-tested in test/unit/support/lesson-parity.test.ts); the convention
 * is written in docs/maintainers/add-chapter.md.
 *
 * Chapters are found from the manifests (checker/course/current.ts), never listed here. Lessons: each chapter's
 * README.md and README.en.md as committed (the blobs checker/starters.json names, so a learner's edits in chapters/
 * never turn this red) and each solutions/<chapter>/ pair. A chapter without its English edition fails, naming the
 * missing file. COURSE_CHAPTERS (such as `05`) narrows the run to some chapters while one is being written, as it does
 * for course.test.ts and exercises.test.ts; unset, every chapter must have both editions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/course/current.ts';
import { readStarters } from '../checker/course/starters.ts';
import type { ChapterSpec } from '../checker/manifest/types.ts';
import { lessonDifferences } from './support/lesson-parity.ts';
import { REPO } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

/** The chapters this run covers: every chapter, or those whose ids COURSE_CHAPTERS lists. */
function coveredChapters(list: string): readonly ChapterSpec[] {
  const wanted = list.split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (wanted.length === 0) return CHAPTERS;
  const unknown = wanted.filter((id) => !CHAPTERS.some((chapter) => chapter.id === id));
  if (unknown.length > 0) throw new Error(`COURSE_CHAPTERS names ${unknown.join(', ')}, but checker/manifest/ has no such chapter.`);
  return CHAPTERS.filter((chapter) => wanted.includes(chapter.id));
}

const COVERED = coveredChapters(process.env['COURSE_CHAPTERS'] ?? '');

/** One edition of a lesson as the test reads it: its name in messages and its text, or why it cannot be read. */
type Edition = { name: string; text: string } | { name: string; missing: string };

/** A committed starter lesson: recorded in checker/starters.json, read from its git blob. */
function starterEdition(dir: string, file: string): Edition {
  const name = `chapters/${dir}/${file}`;
  if (readStarters()[dir]?.[file] === undefined) {
    const why = existsSync(join(REPO, name)) ? 'exists but is not recorded in checker/starters.json: run npm run starters and commit both' : 'is missing: write it, then run npm run starters and commit both';
    return { name, missing: `${name} ${why}` };
  }
  return { name, text: readFileSync(join(committedStarters(), dir, file), 'utf8') };
}

/** A solution lesson, read from the working tree. */
function solutionEdition(dir: string, file: string): Edition {
  const name = `solutions/${dir}/${file}`;
  const path = join(REPO, name);
  return existsSync(path) ? { name, text: readFileSync(path, 'utf8') } : { name, missing: `${name} is missing: write it beside its ${file === 'README.md' ? 'README.en.md' : 'README.md'}` };
}

if (COVERED.length < CHAPTERS.length) {
  test.skip(`COURSE_CHAPTERS is set: only ${COVERED.map((chapter) => chapter.dir).join(', ')} compared here`, () => {});
}

describe.each(COVERED.map((chapter) => [chapter.dir, chapter] as const))('lesson %s', (dir, chapter) => {
  const exercises = chapter.exercises.map((exercise) => ({ id: exercise.id, rule: exercise.rule }));

  test.each([
    ['chapters', starterEdition],
    ['solutions', solutionEdition],
  ] as const)('%s/: README.md and README.en.md teach the same lesson', (_where, edition) => {
    const ko = edition(dir, 'README.md');
    const en = edition(dir, 'README.en.md');
    const missing = [ko, en].flatMap((entry) => ('missing' in entry ? [entry.missing] : []));
    expect(missing, 'every lesson has a Korean and an English edition').toEqual([]);
    if ('missing' in ko || 'missing' in en) return;
    expect(lessonDifferences(ko.text, en.text, exercises, { ko: ko.name, en: en.name }), `${ko.name} and ${en.name} should be parallel (docs/maintainers/add-chapter.md)`).toEqual([]);
  });
});
