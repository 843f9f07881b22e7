import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ChapterSpec } from '../../../../checker/manifest/types.ts';
import { gradedTarget, leftOutOf } from '../../../../checker/course/target.ts';
import { isSkippedEntry } from '../../../../checker/class/intake/unzip.ts';
import { modeChangesOf } from '../../../../checker/pr/git.ts';
import { tempDir } from '../../support/temp.ts';

/** Locating chapters never follows a link, at any depth below the folder the user named, and names what it left out. */
const work = tempDir('target-links');
const CHAPTERS = [{ dir: '01-alpha' }, { dir: '02-beta' }] as ChapterSpec[];
const solved = join(work, 'solutions');
beforeAll(() => {
  for (const chapter of CHAPTERS) mkdirSync(join(solved, chapter.dir), { recursive: true });
  writeFileSync(join(solved, '01-alpha', 'a.ts'), 'solved');
});

describe('gradedTarget and leftOutOf', () => {
  test('a head whose chapters/ holds only `chapters -> solutions` grades no chapter and names the link as chapters/chapters', () => {
    const head = join(work, 'head', 'chapters');
    mkdirSync(head, { recursive: true });
    symlinkSync(solved, join(head, 'chapters'));
    const target = gradedTarget(head, CHAPTERS, 'chapters');
    expect(target.chaptersDir).toBe(head);
    expect(leftOutOf(target, CHAPTERS)).toEqual([{ name: 'chapters/chapters', why: 'link' }]);
  });

  test('a copy whose chapters/ is a link stays the folder given, and the link is named', () => {
    const copy = join(work, 'copy');
    mkdirSync(copy);
    symlinkSync(solved, join(copy, 'chapters'));
    const target = gradedTarget(copy, CHAPTERS, 'chapters');
    expect(target.chaptersDir).toBe(copy);
    expect(leftOutOf(target, CHAPTERS)).toEqual([{ name: 'chapters/chapters', why: 'link' }]);
  });

  test('a chapter folder that is a link is named, beside a real one graded, and a link inside a real one too', () => {
    const mixed = join(work, 'mixed', 'chapters');
    mkdirSync(join(mixed, '02-beta'), { recursive: true });
    symlinkSync(join(solved, '01-alpha'), join(mixed, '01-alpha'));
    symlinkSync(join(solved, '01-alpha', 'a.ts'), join(mixed, '02-beta', 'b.ts'));
    const target = gradedTarget(join(work, 'mixed'), CHAPTERS, 'chapters');
    expect(target.chaptersDir).toBe(mixed);
    expect(leftOutOf(target, CHAPTERS)).toEqual([
      { name: 'chapters/01-alpha', why: 'link' },
      { name: 'chapters/02-beta/b.ts', why: 'link' },
    ]);
  });
});

test('a ZIP of a working copy skips node_modules/ and .git/ at any depth, and nothing else', () => {
  for (const name of ['copy/node_modules/.bin/semver', 'node_modules/', 'copy/.git/objects/ab/cd', 'a/b/.git']) expect(isSkippedEntry(name), name).toBe(true);
  for (const name of ['copy/chapters/01-alpha/a.ts', 'copy/node_modules_notes.md', 'copy/.github/workflows/x.yml']) expect(isSkippedEntry(name), name).toBe(false);
});

test('a mode change is an executable bit set, a file turned link or submodule, or a new file that is not plain', () => {
  const raw = [
    ':100644 100755 a b M', 'chapters/01/run.sh',
    ':100644 100644 a b M', 'chapters/01/edit.ts',
    ':000000 120000 0 b A', 'chapters/chapters',
    ':000000 160000 0 b A', 'chapters/sub',
    ':000000 100644 0 b A', 'chapters/01/new.ts',
    ':000000 100755 0 b A', 'chapters/01/new.sh',
    ':100644 000000 a 0 D', 'chapters/01/gone.ts',
    '',
  ].join('\0');
  expect(modeChangesOf(raw)).toEqual(['chapters/01/run.sh', 'chapters/chapters', 'chapters/sub', 'chapters/01/new.sh']);
});
