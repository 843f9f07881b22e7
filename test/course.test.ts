import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/course/current.ts';
import { listFiles } from '../checker/course/files.ts';
import { readStarters } from '../checker/course/starters.ts';
import type { ChapterOutput } from './fixtures/types.ts';
import { CHAPTER_FIXTURES, PROVEN_CHAPTERS } from './support/fixtures.ts';
import { REPO } from './support/run.ts';
import { SEEDS_DIR } from './support/seeds.ts';
import { committedStarters } from './support/starters.ts';

/**
 * The committed starters (never the working tree's chapters/, where a learner works), read from git when a test
 * first asks, never while the file loads.
 */
const starters = (): string => committedStarters();

/** Runs a chapter's main.ts the way the lesson says to, and returns what it printed. */
function runMain(tree: string, dir: string): string {
  const ran = spawnSync(process.execPath, ['--import', 'tsx', join(tree, dir, 'main.ts')], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  expect(ran.status, ran.stderr).toBe(0);
  return ran.stdout;
}

/** The expected-output block of a seed chapter (the seeds must be there: the test that reads them skips without them). */
function seedOutput(seed: string): string {
  const file = join(SEEDS_DIR, seed);
  expect(existsSync(file), `the seed ${seed} named in the chapter's fixtures file is not in ${SEEDS_DIR}`).toBe(true);
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('python3 main.py\n\n') + 'python3 main.py\n\n'.length;
  return `${text.slice(start, text.indexOf('\n\n', start))}\n`;
}

/** The starter's recorded output as one text, and the solution's, made by applying the recorded changes. */
function outputs(output: ChapterOutput): { starter: string; solved: string } {
  const starter = output.starter.map((line) => `${line}\n`).join('');
  const solved = output.solved.reduce((text, [from, to]) => text.replace(from, () => to), starter);
  return { starter, solved };
}

if (PROVEN_CHAPTERS.length < CHAPTERS.length) {
  test.skip(`COURSE_CHAPTERS is set: only ${PROVEN_CHAPTERS.map((chapter) => chapter.dir).join(', ')} proven here and in exercises.test.ts`, () => {});
}

describe.each(CHAPTER_FIXTURES.map((entry) => [entry.chapter.dir, entry] as const))('chapter %s', (dir, { chapter, output }) => {
  const { starter: expected, solved } = outputs(output);

  // Skipped without the seeds (CI keeps a copy at SEEDS_DIR) and for a chapter with no seed of its own.
  test.skipIf(!existsSync(SEEDS_DIR) || output.seed === undefined)('the recorded starter output is the seed\'s expected output, byte for byte', () => {
    expect(expected).toBe(seedOutput(output.seed!));
  });

  test('the untouched starter prints exactly the recorded output', () => {
    expect(output.starter.length).toBeGreaterThanOrEqual(6);
    expect(runMain(starters(), dir)).toBe(expected);
  });

  test('the solution prints it with the solved exercises\' changes', () => {
    expect(output.solved.length).toBeGreaterThan(0);
    for (const [from] of output.solved) expect(expected.split(from).length - 1, `"${from}" in the starter's output`).toBe(1);
    expect(solved).not.toBe(expected);
    expect(runMain(join(REPO, 'solutions'), dir)).toBe(solved);
  });

  test('starter and solution hold the same files', () => {
    expect(readdirSync(join(REPO, 'solutions', dir)).sort()).toEqual(readdirSync(join(starters(), dir)).sort());
  });

  test('each exercise has exactly one TODO in the starter, where the manifest says, and none in the solution', () => {
    for (const exercise of chapter.exercises) {
      const starter = readFileSync(join(starters(), dir, exercise.todo.file), 'utf8');
      expect(starter.split(exercise.todo.marker).length - 1, exercise.id).toBe(1);
    }
    const code = readdirSync(join(starters(), dir)).filter((file) => file.endsWith('.ts'));
    const markers = code.flatMap((file) =>
      readFileSync(join(starters(), dir, file), 'utf8').match(/TODO\(\d\d\/\d\)/g) ?? [],
    );
    expect(markers.sort()).toEqual(chapter.exercises.map((exercise) => exercise.todo.marker).sort());
    for (const file of readdirSync(join(REPO, 'solutions', dir)).filter((name) => name.endsWith('.ts'))) {
      expect(readFileSync(join(REPO, 'solutions', dir, file), 'utf8'), file).not.toMatch(/TODO\(/);
    }
  });

  test('files without a TODO are the same in the recorded starter and the solution', () => {
    for (const file of readdirSync(join(starters(), dir))) {
      const starter = readFileSync(join(starters(), dir, file), 'utf8');
      if (starter.includes('TODO(')) continue;
      const why = `${dir}/${file}: the recorded starter (checker/starters.json) differs from the solution; after changing a starter, run npm run starters and commit checker/starters.json`;
      expect(readFileSync(join(REPO, 'solutions', dir, file), 'utf8'), why).toBe(starter);
    }
  });

  test('the manifest lists exactly the tests each hidden suite declares', () => {
    for (const exercise of chapter.exercises) {
      const source = readFileSync(join(REPO, 'checker', 'suites', dir, exercise.suite), 'utf8');
      const declared = [...source.matchAll(/\btest\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((match) => match[2]!.replace(/\\(.)/g, '$1'));
      expect(declared.sort(), exercise.id).toEqual(Object.keys(exercise.tests).sort());
    }
  });
});

test('checker/starters.json records, for every chapter, the same files the solution has', () => {
  const recorded = readStarters();
  expect(Object.keys(recorded).sort()).toEqual(CHAPTERS.map((chapter) => chapter.dir).sort());
  for (const chapter of CHAPTERS) {
    const solution = join(REPO, 'solutions', chapter.dir);
    expect(Object.keys(recorded[chapter.dir] ?? {}).sort(), chapter.dir).toEqual(listFiles(solution).map((file) => relative(solution, file)).sort());
  }
});

test('the committed lessons pass markdownlint (npm run lint:md leaves chapters/ to the learner)', () => {
  const bin = join(REPO, 'node_modules', 'markdownlint-cli', 'markdownlint.js');
  const ran = spawnSync(process.execPath, [bin, '--config', join(REPO, '.markdownlint.json'), 'chapters/**/*.md'], { cwd: join(starters(), '..'), encoding: 'utf8' });
  expect(ran.status, ran.stderr).toBe(0);
  const lessons = Object.values(readStarters()).filter((files) => 'README.md' in files).length;
  expect(listFiles(starters()).filter((file) => file.endsWith('.md')).length).toBeGreaterThanOrEqual(lessons);
});
