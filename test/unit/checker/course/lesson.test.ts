import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { missingStarterFiles } from '../../../../checker/course/learner-files.ts';
import { exerciseHeading, lessonFileName, lessonLink } from '../../../../checker/course/lesson.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const root = tempDir('lesson');
const KO = '# 5장\n\n## 연습 문제\n\n### 05/1 승인한 정의만 보인다\n\n### 05/10 열째\n';
const EN = '# Chapter 5\n\n## Exercises\n\n### 05/1 Only the approved definition is shown\n';
const both = join(root, 'both');
const korean = join(root, 'korean');
const linked = join(root, 'linked');
beforeAll(() => {
  writeTree(both, { 'README.md': KO, 'README.en.md': EN });
  writeTree(korean, { 'README.md': KO });
  writeTree(linked, { 'README.md': KO });
  symlinkSync(join(both, 'README.en.md'), join(linked, 'README.en.md'));
});

describe('the lesson a learner is pointed at', () => {
  test('English learners get README.en.md where the chapter has one, everyone else README.md', () => {
    expect(lessonFileName(both, 'en')).toBe('README.en.md');
    expect(lessonFileName(both, 'ko')).toBe('README.md');
    expect(lessonFileName(korean, 'en')).toBe('README.md');
  });

  test('an English lesson reached through a link is not taken', () => {
    expect(lessonFileName(linked, 'en')).toBe('README.md');
  });

  test('a link names the file under the folder messages show, and the exercise\'s heading in that lesson\'s own words', () => {
    expect(lessonLink(both, 'chapters/05-mcp-host', 'en', '05/1')).toEqual({ path: 'chapters/05-mcp-host/README.en.md', heading: '05/1 Only the approved definition is shown' });
    expect(lessonLink(both, 'chapters/05-mcp-host', 'ko', '05/1')).toEqual({ path: 'chapters/05-mcp-host/README.md', heading: '05/1 승인한 정의만 보인다' });
    expect(lessonLink(korean, 'chapters/05-mcp-host', 'en', '05/1')).toEqual({ path: 'chapters/05-mcp-host/README.md', heading: '05/1 승인한 정의만 보인다' });
    expect(lessonLink(both, 'chapters/05-mcp-host', 'en')).toEqual({ path: 'chapters/05-mcp-host/README.en.md' });
    expect(lessonLink(both, 'chapters/05-mcp-host', 'en', '05/2')).toEqual({ path: 'chapters/05-mcp-host/README.en.md' });
    expect(lessonLink(join(root, 'none'), 'chapters/09-x', 'en', '09/1')).toEqual({ path: 'chapters/09-x/README.md' });
  });

  test('an exercise heading is found by its id, never a longer one, or by its number in chapter 1\'s style', () => {
    expect(exerciseHeading(KO, '05/10')).toBe('05/10 열째');
    expect(exerciseHeading('### 05/10 열째\n', '05/1')).toBeUndefined();
    expect(exerciseHeading('### 연습 2: 정수 문서 이름 거부하기\n', '01/2')).toBe('연습 2: 정수 문서 이름 거부하기');
    expect(exerciseHeading('### Exercise 2: Refusing integer names\n', '01/2')).toBe('Exercise 2: Refusing integer names');
    expect(exerciseHeading('## 05/1 not an exercise section\n', '05/1')).toBeUndefined();
  });
});

test('a chapter folder without its lessons lacks no starter file: no code reads a lesson, in either language', () => {
  const empty = writeTree(join(root, 'empty'), {});
  const missing = missingStarterFiles(empty, '05-mcp-host');
  expect(missing).toContain('approvals.ts');
  expect(missing.filter((file) => file.startsWith('README'))).toEqual([]);
});
