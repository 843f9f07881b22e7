import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { exerciseFiles, localImports } from '../../../../checker/course/exercise-files.ts';
import { forgetChapter, knownPassing, rememberResults, hashesOf, progressPath } from '../../../../checker/course/progress.ts';
import type { ChapterSpec } from '../../../../checker/manifest/types.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..', '..');

const CHAPTER: ChapterSpec = {
  id: '05',
  dir: '05-host',
  title: { ko: '호스트', en: 'Host' },
  exercises: [
    { id: '05/1', title: { ko: 'a', en: 'a' }, hint: { ko: '', en: '' }, rule: { ko: '', en: '' }, suite: '1.test.ts', todo: { file: 'approvals.ts', marker: 'TODO(05/1)' }, tests: {} },
    { id: '05/2', title: { ko: 'b', en: 'b' }, hint: { ko: '', en: '' }, rule: { ko: '', en: '' }, suite: '2.test.ts', todo: { file: 'consent.ts', marker: 'TODO(05/2)' }, tests: {} },
  ],
};

/** A chapters folder where consent.ts imports approvals.ts and host.ts, and approvals.ts imports nothing of the chapter. */
function chapters(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'unit-progress-')), 'chapters');
  mkdirSync(join(dir, CHAPTER.dir), { recursive: true });
  writeFileSync(join(dir, CHAPTER.dir, 'approvals.ts'), "import type { Tool } from '@modelcontextprotocol/client';\n// TODO(05/1)\n");
  writeFileSync(join(dir, CHAPTER.dir, 'consent.ts'), "import type { Approvals } from './approvals.ts';\nimport { connect } from './host.ts';\n// TODO(05/2)\n");
  writeFileSync(join(dir, CHAPTER.dir, 'host.ts'), 'export const connect = 1;\n');
  return dir;
}

describe('the files an exercise is about', () => {
  test('are its TODO file and what it imports from the chapter, transitively', () => {
    const dir = join(chapters(), CHAPTER.dir);
    expect(localImports("import a from './a.ts';\nimport type { B } from './b.ts';\nawait import('./c.ts');\nimport '../up.ts';\nimport 'zod';")).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(exerciseFiles(dir, CHAPTER.exercises[0]!)).toEqual(['approvals.ts']);
    expect(exerciseFiles(dir, CHAPTER.exercises[1]!)).toEqual(['consent.ts', 'approvals.ts', 'host.ts']);
  });
});

describe('progress', () => {
  test('is off when CHECKER_PROGRESS is empty, and kept in the repository\'s top folder by default', () => {
    expect(progressPath({ CHECKER_PROGRESS: '' })).toBeNull();
    expect(progressPath({})).toBe(join(REPO, '.checker-progress.json'));
    expect(readFileSync(join(REPO, '.gitignore'), 'utf8').split('\n')).toContain('.checker-progress.json');
  });

  test('knows an exercise passes until one of its files changes, and forgets a chapter that is reset', () => {
    const dir = chapters();
    const env = { CHECKER_PROGRESS: join(dir, '..', 'progress.json') };
    rememberResults(dir, [{ id: '05/1', status: 'pass' }, { id: '05/2', status: 'pass' }], hashesOf(dir, [CHAPTER]), env);
    expect([...knownPassing(dir, [CHAPTER], env)].sort()).toEqual(['05/1', '05/2']);
    writeFileSync(join(dir, CHAPTER.dir, 'host.ts'), 'export const connect = 2;\n');
    expect([...knownPassing(dir, [CHAPTER], env)]).toEqual(['05/1']);
    rememberResults(dir, [{ id: '05/2', status: 'fail' }], hashesOf(dir, [CHAPTER]), env);
    expect([...knownPassing(dir, [CHAPTER], env)]).toEqual(['05/1']);
    forgetChapter(dir, CHAPTER, env);
    expect(knownPassing(dir, [CHAPTER], env).size).toBe(0);
  });

  test('is never read by the graders: grade, grade:pr and Gradescope import nothing of it', () => {
    const walk = (folder: string): string[] => readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : []));
    const graders = [...walk(join(REPO, 'checker', 'class')), ...walk(join(REPO, 'checker', 'pr')), ...walk(join(REPO, 'checker', 'grading')), ...walk(join(REPO, 'gradescope'))];
    expect(graders.filter((file) => /course\/progress\.ts'/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
