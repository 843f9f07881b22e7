/**
 * A chapter is registered once: its folders (chapters/, solutions/, checker/suites/), one manifest file
 * (checker/manifest/<dir>.ts) and one fixtures file (test/fixtures/<dir>.ts). These tests keep the trees and the
 * prose in step with that registration, so a forgotten or misnamed piece fails here with the file to fix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { fingerprintChapter } from '../checker/class/fingerprint.ts';
import { CHAPTERS, MANIFEST_DIR } from '../checker/course.ts';
import { ManifestError, resolveChapter } from '../checker/manifest/resolve.ts';
import type { ChapterEntry } from '../checker/manifest/types.ts';
import { readStarters } from '../checker/starters.ts';
import { FIXTURES_DIR } from './support/fixtures.ts';
import { REPO } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

const DIRS = CHAPTERS.map((chapter) => chapter.dir);

/** The sub-folders of a folder of the repository, sorted. */
function folders(...path: string[]): string[] {
  return readdirSync(join(REPO, ...path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The chapter files (names starting with a digit) of a folder, without `.ts`, sorted. */
function chapterFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d/.test(name))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
}

test('the manifest files are the chapters, in folder-name order', () => {
  expect(DIRS.length).toBeGreaterThan(0);
  expect(chapterFiles(MANIFEST_DIR)).toEqual(DIRS);
  expect([...DIRS].sort()).toEqual(DIRS);
});

test('every chapter has its folder in solutions/ and checker/suites/, its committed starters, and nothing else is there', () => {
  expect(folders('solutions'), 'solutions/ (add or remove the manifest file checker/manifest/<dir>.ts)').toEqual(DIRS);
  expect(folders('checker', 'suites').filter((name) => name !== '_lib'), 'checker/suites/').toEqual(DIRS);
  expect(Object.keys(readStarters()).sort(), 'checker/starters.json (run `npm run starters`)').toEqual(DIRS);
});

test('every chapter has one fixtures file, and every fixtures file has a chapter', () => {
  expect(chapterFiles(FIXTURES_DIR)).toEqual(DIRS);
});

test('the README chapter table lists exactly the chapters that exist, in order', () => {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const rows = [...readme.matchAll(/^\| (\d+) \| `chapters\/([^/`]+)\/` \|/gm)].map((match) => [match[1], match[2]]);
  const missing = DIRS.filter((dir) => !rows.some(([, listed]) => listed === dir));
  const extra = rows.map(([, listed]) => listed).filter((listed) => !DIRS.includes(listed!));
  const message = `README.md's chapter table (| N | \`chapters/NN-slug/\` | ... |) is out of date; missing: ${missing.join(', ') || 'none'}; no such chapter: ${extra.join(', ') || 'none'}`;
  expect(rows, message).toEqual(CHAPTERS.map((chapter) => [String(Number(chapter.id)), chapter.dir]));
});

test('a TODO marker left out of the manifest is TODO(<exercise id>), and one written there is kept', () => {
  const entry: ChapterEntry = {
    id: '07',
    dir: '07-probe',
    title: { ko: '시험', en: 'Probe' },
    exercises: [
      { id: '07/1', title: { ko: '하나', en: 'One' }, hint: { ko: '힌트', en: 'Hint' }, suite: '1-one.test.ts', todo: { file: 'main.ts' }, tests: { works: '된다' } },
      { id: '07/2', title: { ko: '둘', en: 'Two' }, hint: { ko: '힌트', en: 'Hint' }, suite: '2-two.test.ts', todo: { file: 'main.ts', marker: 'TODO(seven-two)' }, tests: { works: '된다' } },
    ],
  };
  expect(resolveChapter('07-probe.ts', entry).exercises.map((exercise) => exercise.todo.marker)).toEqual(['TODO(07/1)', 'TODO(seven-two)']);
  for (const chapter of CHAPTERS) {
    for (const exercise of chapter.exercises) expect(exercise.todo.marker, exercise.id).toMatch(/^TODO\(.+\)$/);
  }
});

test('a manifest file whose name, folder or ids disagree is refused with a message naming the file', () => {
  const [first] = CHAPTERS;
  const entry: ChapterEntry = { ...first!, id: '07', dir: '07-probe', exercises: first!.exercises.map((exercise, index) => ({ ...exercise, id: `07/${index + 1}` })) };
  expect(() => resolveChapter('07-other.ts', entry)).toThrow(/checker\/manifest\/07-other\.ts: dir is '07-probe', but the file name says '07-other'/);
  expect(() => resolveChapter('7-probe.ts', entry)).toThrow(ManifestError);
  expect(() => resolveChapter('07-probe.ts', undefined)).toThrow(/export const chapter/);
  expect(() => resolveChapter('07-probe.ts', { ...entry, id: '08' })).toThrow(/id is '08'/);
  expect(() => resolveChapter('07-probe.ts', { ...entry, exercises: entry.exercises.map((exercise) => ({ ...exercise, id: '01/1' })) })).toThrow(/should be '07\/<n>'/);
  expect(() => resolveChapter('07-probe.ts', { ...entry, exercises: [entry.exercises[0]!, entry.exercises[0]!] })).toThrow(/used twice/);
});

test('the committed starters and the solutions import nothing from outside their chapter folder', () => {
  for (const [name, tree] of [['committed starters', committedStarters()], ['solutions', join(REPO, 'solutions')]] as const) {
    for (const chapter of CHAPTERS) expect(fingerprintChapter(join(tree, chapter.dir)).reachesOut, `${name}: ${chapter.dir}`).toBe(false);
  }
});
