import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from '../../../../checker/course/files.ts';
import { StarterReadError, readStarters, starterFiles } from '../../../../checker/course/starters.ts';
import { writeStartersGit } from '../../../../checker/pr/starters-git.ts';
import { tempDir } from '../../support/temp.ts';

/** True when the git folder holds the object. */
function holds(gitDir: string, id: string): boolean {
  return spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', id]).status === 0;
}

test('the git folder holds the starters starters.json names, and starterFiles reads them from it as from the history', () => {
  const gitDir = writeStartersGit(REPO_ROOT, REPO_ROOT, join(tempDir('starters-git'), 'starters.git'));
  for (const chapterDir of Object.keys(readStarters())) expect(starterFiles(chapterDir, gitDir), chapterDir).toEqual(starterFiles(chapterDir));
});

test('only ids starters.json names are copied; a blob the repository lacks is left out, so reading it fails as no-blob', () => {
  const course = tempDir('starters-git-course');
  mkdirSync(join(course, 'checker'));
  const [chapterDir, files] = Object.entries(readStarters())[0]!;
  const [file, kept] = Object.entries(files)[0]!;
  const missing = '0'.repeat(40);
  writeFileSync(join(course, 'checker', 'starters.json'), JSON.stringify({ [chapterDir]: { [file]: kept, 'lost.ts': missing, 'odd.ts': '--all' } }));
  const gitDir = writeStartersGit(REPO_ROOT, course, join(course, 'starters.git'));
  expect(holds(gitDir, kept)).toBe(true);
  expect(holds(gitDir, missing)).toBe(false);
  const other = Object.values(readStarters()).flatMap((entry) => Object.values(entry)).find((id) => id !== kept)!;
  expect(holds(gitDir, other)).toBe(false);
  expect(() => starterFiles(chapterDir, join(course, 'empty.git'))).toThrow(StarterReadError);
});

test('a course with no readable starters.json gets an empty git folder, not an error', () => {
  const course = tempDir('starters-git-none');
  const gitDir = writeStartersGit(REPO_ROOT, course, join(course, 'starters.git'));
  expect(spawnSync('git', ['--git-dir', gitDir, 'rev-parse', '--is-bare-repository'], { encoding: 'utf8' }).stdout.trim()).toBe('true');
});
