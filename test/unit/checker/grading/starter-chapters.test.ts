import { appendFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../../../../checker/course/current.ts';
import { isStarterChapter } from '../../../../checker/grading/starter-chapters.ts';
import { starterCopy } from '../../../support/starters.ts';

describe('isStarterChapter', () => {
  const chapter = CHAPTERS[0]!.dir;

  test('is true for the committed starter of the chapter, and false under another chapter\'s name', () => {
    const chapters = starterCopy('starter-match-');
    expect(isStarterChapter(join(chapters, chapter), chapter)).toBe(true);
    expect(isStarterChapter(join(chapters, chapter), CHAPTERS[1]!.dir)).toBe(false);
  });

  test('is false once a file changed, one is added or one is missing', () => {
    const edited = starterCopy('starter-edit-');
    appendFileSync(join(edited, chapter, 'server.ts'), '\n// mine\n');
    expect(isStarterChapter(join(edited, chapter), chapter)).toBe(false);
    const added = starterCopy('starter-add-');
    writeFileSync(join(added, chapter, 'notes.ts'), 'export {};\n');
    expect(isStarterChapter(join(added, chapter), chapter)).toBe(false);
    const removed = starterCopy('starter-remove-');
    rmSync(join(removed, chapter, 'README.md'));
    expect(isStarterChapter(join(removed, chapter), chapter)).toBe(false);
  });

  test('sees the folder as the checker copies it: dot entries, node_modules and links are not part of it', () => {
    const chapters = starterCopy('starter-extras-');
    writeFileSync(join(chapters, chapter, '.editorconfig'), 'root = true\n');
    mkdirSync(join(chapters, chapter, 'node_modules'));
    symlinkSync(join(chapters, chapter, 'server.ts'), join(chapters, chapter, 'linked.ts'));
    expect(isStarterChapter(join(chapters, chapter), chapter)).toBe(true);
  });

  test('is false for a folder that does not exist', () => {
    expect(isStarterChapter(join(starterCopy('starter-none-'), 'nothing-here'), chapter)).toBe(false);
  });
});
