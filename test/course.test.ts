import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/manifest.ts';
import { indexStarters, readStarters } from '../checker/starters.ts';
import type { ChapterOutput } from './fixtures/types.ts';
import { CHAPTER_FIXTURES, PROVEN_CHAPTERS } from './support/fixtures.ts';
import { REPO, checker } from './support/run.ts';

/** Runs a chapter's main.ts the way the lesson says to, and returns what it printed. */
function runMain(tree: string, dir: string): string {
  const ran = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, tree, dir, 'main.ts')], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  expect(ran.status, ran.stderr).toBe(0);
  return ran.stdout;
}

/** The expected-output block of a seed chapter, when the seeds are beside the repository. */
function seedOutput(seed: string): string | null {
  const seeds = join(REPO, '..', 'shared', 'seeds');
  if (!existsSync(seeds)) return null;
  const file = join(seeds, seed);
  expect(existsSync(file), `the seed ${seed} named in the chapter's fixtures file is not in ${seeds}`).toBe(true);
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

  test('the recorded starter output is the seed\'s expected output, byte for byte', () => {
    const seed = output.seed === undefined ? null : seedOutput(output.seed);
    if (seed !== null) expect(expected).toBe(seed);
    expect(output.starter.length).toBeGreaterThanOrEqual(6);
  });

  test('the untouched starter prints exactly that output', () => {
    expect(runMain('chapters', dir)).toBe(expected);
  });

  test('the solution prints it with the solved exercises\' changes', () => {
    expect(output.solved.length).toBeGreaterThan(0);
    for (const [from] of output.solved) expect(expected.split(from).length - 1, `"${from}" in the starter's output`).toBe(1);
    expect(solved).not.toBe(expected);
    expect(runMain('solutions', dir)).toBe(solved);
  });

  test('starter and solution hold the same files', () => {
    expect(readdirSync(join(REPO, 'solutions', dir)).sort()).toEqual(readdirSync(join(REPO, 'chapters', dir)).sort());
  });

  test('each exercise has exactly one TODO in the starter, where the manifest says, and none in the solution', () => {
    for (const exercise of chapter.exercises) {
      const starter = readFileSync(join(REPO, 'chapters', dir, exercise.todo.file), 'utf8');
      expect(starter.split(exercise.todo.marker).length - 1, exercise.id).toBe(1);
    }
    const code = readdirSync(join(REPO, 'chapters', dir)).filter((file) => file.endsWith('.ts'));
    const markers = code.flatMap((file) =>
      readFileSync(join(REPO, 'chapters', dir, file), 'utf8').match(/TODO\(\d\d\/\d\)/g) ?? [],
    );
    expect(markers.sort()).toEqual(chapter.exercises.map((exercise) => exercise.todo.marker).sort());
    for (const file of readdirSync(join(REPO, 'solutions', dir)).filter((name) => name.endsWith('.ts'))) {
      expect(readFileSync(join(REPO, 'solutions', dir, file), 'utf8'), file).not.toMatch(/TODO\(/);
    }
  });

  test('files without a TODO are the same in starter and solution', () => {
    for (const file of readdirSync(join(REPO, 'chapters', dir))) {
      const starter = readFileSync(join(REPO, 'chapters', dir, file), 'utf8');
      if (starter.includes('TODO(')) continue;
      expect(readFileSync(join(REPO, 'solutions', dir, file), 'utf8'), file).toBe(starter);
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

test('checker/starters.json matches the starters (run `npm run starters` after changing a starter)', () => {
  expect(readStarters()).toEqual(indexStarters());
});

test('reset backs up the learner\'s chapter, then restores the starter', () => {
  const parent = mkdtempSync(join(tmpdir(), 'reset-'));
  const target = join(parent, 'chapters');
  cpSync(join(REPO, 'chapters'), target, { recursive: true });
  writeFileSync(join(target, '01-mini-mcp', 'server.ts'), '// my work in progress\n');
  writeFileSync(join(target, '01-mini-mcp', 'notes.ts'), '// my notes\n');
  const ran = checker(['reset', '01', '--target', target]);
  expect(ran.status, ran.stderr).toBe(0);
  expect(readFileSync(join(target, '01-mini-mcp', 'server.ts'), 'utf8')).toBe(readFileSync(join(REPO, 'chapters', '01-mini-mcp', 'server.ts'), 'utf8'));
  expect(existsSync(join(target, '01-mini-mcp', 'notes.ts'))).toBe(false);
  const [backup] = readdirSync(join(parent, '.backups'));
  expect(backup).toMatch(/^01-mini-mcp-\d{8}-\d{6}$/);
  expect(readFileSync(join(parent, '.backups', backup!, 'server.ts'), 'utf8')).toBe('// my work in progress\n');
  expect(readFileSync(join(parent, '.backups', backup!, 'notes.ts'), 'utf8')).toBe('// my notes\n');
});

test('reset refuses an exercise id or nothing, and changes nothing', () => {
  expect(checker(['reset']).status).toBe(2);
  expect(checker(['reset', '01/2']).status).toBe(2);
});
