import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/manifest.ts';
import { listFiles } from '../checker/scratch.ts';
import { readStarters } from '../checker/starters.ts';
import { REPO } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

/** The committed starters (never the working tree's chapters/, where a learner works). */
const STARTERS = committedStarters();

/** Runs a chapter's main.ts the way the lesson says to, and returns what it printed. */
function runMain(tree: string, dir: string): string {
  const ran = spawnSync(process.execPath, ['--import', 'tsx', join(tree, dir, 'main.ts')], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  expect(ran.status, ran.stderr).toBe(0);
  return ran.stdout;
}

/** The expected-output block of a seed chapter, when the seeds are beside the repository. */
function seedOutput(seed: string): string | null {
  const file = join(REPO, '..', 'shared', 'seeds', seed);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('python3 main.py\n\n') + 'python3 main.py\n\n'.length;
  return `${text.slice(start, text.indexOf('\n\n', start))}\n`;
}

/** How a solved main's output differs from the starter's, one exercise at a time. */
const SOLVED_OUTPUT: Record<string, (starter: string) => string> = {
  '01-mini-mcp': (starter) => starter.replace('거부 검사: 3개 통과', '거부 검사: 4개 통과'),
  '02-two-sided-allowlists': (starter) =>
    starter.replace('"arguments":{"status":"open"}', '"arguments":{"status":"done"}').replace('"text":"open: 2"', '"text":"done: 1"'),
};

const SEEDS: Record<string, string> = { '01-mini-mcp': '000_24df8b8c82e399b8.txt', '02-two-sided-allowlists': '001_97b4e8afb58f76ef.txt' };

describe.each(CHAPTERS.map((chapter) => [chapter.dir, chapter] as const))('chapter %s', (dir, chapter) => {
  const expected = readFileSync(join(REPO, 'test', 'expected', `${dir}.starter.txt`), 'utf8');

  test('the recorded starter output is the seed\'s expected output, byte for byte', () => {
    const seed = seedOutput(SEEDS[dir]!);
    if (seed !== null) expect(expected).toBe(seed);
    expect(expected.trim().split('\n').length).toBeGreaterThanOrEqual(6);
  });

  test('the untouched starter prints exactly that output', () => {
    expect(runMain(STARTERS, dir)).toBe(expected);
  });

  test('the solution prints it with the solved exercises\' changes', () => {
    const solved = SOLVED_OUTPUT[dir]!(expected);
    expect(solved).not.toBe(expected);
    expect(runMain(join(REPO, 'solutions'), dir)).toBe(solved);
  });

  test('starter and solution hold the same files', () => {
    expect(readdirSync(join(REPO, 'solutions', dir)).sort()).toEqual(readdirSync(join(STARTERS, dir)).sort());
  });

  test('each exercise has exactly one TODO in the starter, where the manifest says, and none in the solution', () => {
    for (const exercise of chapter.exercises) {
      const starter = readFileSync(join(STARTERS, dir, exercise.todo.file), 'utf8');
      expect(starter.split(exercise.todo.marker).length - 1, exercise.id).toBe(1);
    }
    const code = readdirSync(join(STARTERS, dir)).filter((file) => file.endsWith('.ts'));
    const markers = code.flatMap((file) =>
      readFileSync(join(STARTERS, dir, file), 'utf8').match(/TODO\(\d\d\/\d\)/g) ?? [],
    );
    expect(markers.sort()).toEqual(chapter.exercises.map((exercise) => exercise.todo.marker).sort());
    for (const file of readdirSync(join(REPO, 'solutions', dir)).filter((name) => name.endsWith('.ts'))) {
      expect(readFileSync(join(REPO, 'solutions', dir, file), 'utf8'), file).not.toMatch(/TODO\(/);
    }
  });

  test('files without a TODO are the same in the recorded starter and the solution', () => {
    for (const file of readdirSync(join(STARTERS, dir))) {
      const starter = readFileSync(join(STARTERS, dir, file), 'utf8');
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
  const ran = spawnSync(process.execPath, [bin, '--config', join(REPO, '.markdownlint.json'), 'chapters/**/*.md'], { cwd: join(STARTERS, '..'), encoding: 'utf8' });
  expect(ran.status, ran.stderr).toBe(0);
  expect(listFiles(STARTERS).filter((file) => file.endsWith('.md')).length).toBeGreaterThanOrEqual(CHAPTERS.length);
});
