/**
 * A chapter is registered once: its folders (chapters/, solutions/, checker/suites/), one manifest file
 * (checker/manifest/<dir>.ts) and one fixtures file (test/fixtures/<dir>.ts). These tests keep the trees and the
 * prose in step with that registration, so a forgotten or misnamed piece fails here with the file to fix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { fingerprintChapter } from '../checker/class/intake/fingerprint.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { manifestDir } from '../checker/course/course.ts';
import { readStarters } from '../checker/course/starters.ts';
import { FIXTURES_DIR } from './support/fixtures.ts';
import { folderImports, importCircles } from './support/import-graph.ts';
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
  expect(chapterFiles(manifestDir(REPO))).toEqual(DIRS);
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

test('every exercise of the manifest has a TODO marker of the form TODO(...)', () => {
  for (const chapter of CHAPTERS) {
    for (const exercise of chapter.exercises) expect(exercise.todo.marker, exercise.id).toMatch(/^TODO\(.+\)$/);
  }
});

test('the committed starters and the solutions import nothing from outside their chapter folder', () => {
  for (const [name, tree] of [['committed starters', committedStarters()], ['solutions', join(REPO, 'solutions')]] as const) {
    for (const chapter of CHAPTERS) expect(fingerprintChapter(join(tree, chapter.dir)).reachesOut, `${name}: ${chapter.dir}`).toBe(false);
  }
});

test("no module of the committed starters or the solutions imports itself back: each chapter's imports run one way, type-only ones included", () => {
  const trees = [['chapters', committedStarters()], ['solutions', join(REPO, 'solutions')]] as const;
  const circles = trees.flatMap(([name, tree]) =>
    CHAPTERS.flatMap((chapter) => importCircles(folderImports(join(tree, chapter.dir))).map((circle) => `${name}/${chapter.dir}: ${circle}`)),
  );
  expect(circles).toEqual([]);
  // The check finds imports at all: chapter 4's endpoint imports its bearer check.
  expect(folderImports(join(REPO, 'solutions', '04-remote-mcp-http')).get('http.ts')).toContain('auth.ts');
});
