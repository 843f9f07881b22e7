import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ChapterSpec } from '../../../../checker/manifest/types.ts';
import { chapterFolder, gradedTarget, shownPath } from '../../../../checker/course/target.ts';
import { tempDir } from '../../support/temp.ts';

const work = tempDir('target');
const CHAPTERS = [{ dir: '01-alpha' }, { dir: '02-beta' }] as ChapterSpec[];

describe('gradedTarget', () => {
  test('a folder holding a chapter folder is itself the chapters folder', () => {
    const dir = join(work, 'kim-chapters');
    mkdirSync(join(dir, '02-beta'), { recursive: true });
    expect(gradedTarget(dir, CHAPTERS).chaptersDir).toBe(dir);
  });

  test('a copy of the whole repository resolves to its chapters folder', () => {
    const repo = join(work, 'kim-repo');
    mkdirSync(join(repo, 'chapters', '01-alpha'), { recursive: true });
    mkdirSync(join(repo, 'solutions'), { recursive: true });
    const target = gradedTarget(repo, CHAPTERS);
    expect(target.chaptersDir).toBe(join(repo, 'chapters'));
    expect(target.given).toBe(repo);
    expect(chapterFolder(target, CHAPTERS[0]!)).toBe(join(repo, 'chapters', '01-alpha'));
  });

  test('a folder with no chapter folder anywhere stays the folder given, made absolute', () => {
    const empty = join(work, 'empty');
    mkdirSync(join(empty, 'chapters', '03-other'), { recursive: true });
    expect(gradedTarget(empty, CHAPTERS).chaptersDir).toBe(empty);
    expect(gradedTarget(relative(process.cwd(), empty), CHAPTERS).chaptersDir).toBe(empty);
  });
});

describe('shownPath', () => {
  test('a repository copy outside the current folder shows its files under its chapters folder, absolute', () => {
    const repo = join(work, 'kim-copy');
    mkdirSync(join(repo, 'chapters', '01-alpha'), { recursive: true });
    expect(relative(process.cwd(), repo).startsWith('..')).toBe(true);
    expect(shownPath(gradedTarget(repo, CHAPTERS), '01-alpha/server.ts')).toBe(join(repo, 'chapters', '01-alpha', 'server.ts'));
  });

  test('a folder inside the current folder is shown relative to it', () => {
    const target = { given: 'x', chaptersDir: join(process.cwd(), 'chapters') };
    expect(shownPath(target, '01-alpha/main.ts')).toBe(join('chapters', '01-alpha', 'main.ts'));
  });

  test('a name given for the chapters folder replaces its path', () => {
    const target = gradedTarget(join(work, 'nowhere'), CHAPTERS, 'chapters');
    expect(shownPath(target, '02-beta/rpc.ts')).toBe(join('chapters', '02-beta', 'rpc.ts'));
  });
});
