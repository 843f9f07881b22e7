import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { MAX_CHAPTER, MAX_FILE_BYTES, copyLearnerTree, isConfigFile, learnerIntake, readLearnerFile } from '../../../../checker/course/learner-tree.ts';
import { leftOutLine } from '../../../../checker/usage/intake-words.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

/**
 * A submission is data: what learnerIntake takes from a chapter folder and what it leaves out, each named with why.
 * In `unit-processes` (vitest.config.ts): node cannot make a FIFO, so `mkfifo` does.
 */
const work = tempDir('intake');

describe('learnerIntake', () => {
  const chapter = join(work, 'chapter');
  beforeAll(() => {
    writeTree(chapter, {
      'main.ts': 'main',
      'deep/er/est.ts': 'deep',
      'package.json': '{"imports":{"#probe":"/etc/hostname"}}',
      'tsconfig.build.json': '{}',
      'vite.config.ts': 'export default {}',
      '.npmrc': 'registry=http://example.invalid',
      '.DS_Store': 'noise',
      'outside.ts': 'the original',
    });
    symlinkSync('/etc', join(chapter, 'deep', 'er', 'link'));
    symlinkSync('../../solutions', join(chapter, 'deep', 'up'));
    linkSync(join(chapter, 'outside.ts'), join(chapter, 'hard.ts'));
    execFileSync('mkfifo', [join(chapter, 'pipe.ts')]);
  });

  test('takes regular single-name source files, and names every link, hard link, special file and config file left out', () => {
    const { entries, leftOut } = learnerIntake(chapter);
    expect(entries.map((entry) => entry.name)).toEqual(['deep', 'deep/er', 'deep/er/est.ts', 'main.ts']);
    expect(leftOut).toEqual([
      { name: '.npmrc', why: 'config' },
      { name: 'deep/er/link', why: 'link' },
      { name: 'deep/up', why: 'link' },
      { name: 'hard.ts', why: 'hard-link' },
      { name: 'outside.ts', why: 'hard-link' },
      { name: 'package.json', why: 'config' },
      { name: 'pipe.ts', why: 'special' },
      { name: 'tsconfig.build.json', why: 'config' },
      { name: 'vite.config.ts', why: 'config' },
    ]);
  });

  test('the scratch copy holds exactly what was taken, and the copy never blocks on a FIFO', () => {
    const to = join(work, 'copy');
    copyLearnerTree(chapter, to);
    expect(readdirSync(to, { recursive: true }).map(String).sort()).toEqual(['deep', 'deep/er', 'deep/er/est.ts', 'main.ts']);
  });

  test('a file is read through O_NOFOLLOW, and refused on its descriptor once it is no plain single-name file', () => {
    expect(readLearnerFile(join(chapter, 'main.ts'))?.toString()).toBe('main');
    expect(readLearnerFile(join(chapter, 'deep', 'up'))).toBeNull();
    expect(readLearnerFile(join(chapter, 'hard.ts'))).toBeNull();
    expect(readLearnerFile(join(chapter, 'pipe.ts'))).toBeNull();
  });

  test("a chapter's total is limited as well as each file's: what passes either is named, never dropped silently", () => {
    const files: Record<string, Buffer> = { 'big.ts': Buffer.alloc(MAX_FILE_BYTES + 1, 1) };
    for (let index = 0; index < 5; index += 1) files[`part${index}.ts`] = Buffer.alloc(MAX_FILE_BYTES, 1);
    const full = writeTree(join(work, 'full'), files);
    const { entries, leftOut } = learnerIntake(full);
    expect(entries.map((entry) => entry.name)).toEqual(['part0.ts', 'part1.ts', 'part2.ts', 'part3.ts']);
    expect(leftOut).toEqual([{ name: 'big.ts', why: 'too-big' }, { name: 'part4.ts', why: 'chapter-full' }]);
    expect(MAX_CHAPTER.bytes).toBe(4 * MAX_FILE_BYTES);
  });

  test('too many entries in one chapter are named past the limit', () => {
    const many = join(work, 'many');
    mkdirSync(many);
    const files: Record<string, string> = {};
    for (let index = 0; index < MAX_CHAPTER.entries + 3; index += 1) files[`f${String(index).padStart(5, '0')}.ts`] = '';
    writeTree(many, files);
    const { entries, leftOut } = learnerIntake(many);
    expect(entries).toHaveLength(MAX_CHAPTER.entries);
    expect(leftOut.map((entry) => entry.why)).toEqual(['chapter-full', 'chapter-full', 'chapter-full']);
  });
});

test('config file names are told from course files by name', () => {
  for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.learner.json', 'jsconfig.json', 'vitest.config.mts', 'vite.config.js', '.npmrc', '.babelrc', 'deno.json']) expect(isConfigFile(name), name).toBe(true);
  for (const name of ['server.ts', 'config.ts', 'data.json', 'report.txt', 'README.md', 'packages.ts']) expect(isConfigFile(name), name).toBe(false);
});

test('the left-out line names each entry in Korean and English, and counts the rest past five', () => {
  const one = [{ name: 'chapters/chapters', why: 'link' as const }];
  expect(leftOutLine(one, 'en')).toBe('a link at chapters/chapters, not graded');
  expect(leftOutLine(one, 'ko')).toBe('chapters/chapters: 채점하지 않음(링크)');
  const seven = Array.from({ length: 7 }, (_, index) => ({ name: `chapters/x${index}`, why: 'config' as const }));
  expect(leftOutLine(seven, 'en')).toMatch(/; 2 more not graded$/);
  expect(leftOutLine(seven, 'ko')).toMatch(/; 그 밖에 2개도 채점하지 않음$/);
});
