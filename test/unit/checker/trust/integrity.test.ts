import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHECKER_FILES, listChanged, RESTORE_COMMAND, verifyChecker } from '../../../../checker/trust/integrity.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

describe('listChanged', () => {
  test('names up to three files, then how many more', () => {
    expect(listChanged([])).toBe('');
    expect(listChanged(['checker/a.ts'])).toBe('checker/a.ts');
    expect(listChanged(['a', 'b', 'c'])).toBe('a, b, c');
    expect(listChanged(['a', 'b', 'c', 'd'])).toBe('a, b, c (+1)');
    expect(listChanged(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c (+2)');
  });
});

describe('RESTORE_COMMAND', () => {
  test('checks out every checker file and cleans only the checker folder', () => {
    for (const path of CHECKER_FILES) expect(RESTORE_COMMAND).toContain(` ${path}`);
    expect(RESTORE_COMMAND).toMatch(/git clean -fd -- checker$/);
  });
});

/** Runs git in `cwd` with a fixed identity; throws with git's message when it fails. */
function git(cwd: string, ...args: string[]): void {
  const ran = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  if (ran.status !== 0) throw new Error(`git ${args.join(' ')}: ${ran.stderr}`);
}

describe('verifyChecker on a small git repository', () => {
  const work = tempDir('integrity');
  const root = join(work, 'repo');
  // The repository is made before the tests, never while the file loads.
  beforeAll(() => {
    writeTree(root, {
      'checker/grade.ts': 'export const grade = 1;\n',
      'checker/suites/01-x/1-a.test.ts': 'test\n',
      'package.json': '{}\n',
      'package-lock.json': '{}\n',
      'tsconfig.json': '{}\n',
      'chapters/01-x/main.ts': 'learner\n',
      'README.md': '# course\n',
    });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'course');
  });

  beforeEach(() => vi.stubEnv('CHECKER_TRUST_WORKTREE', ''));
  afterEach(() => {
    vi.unstubAllEnvs();
    git(root, 'reset', '-q', '--hard');
    git(root, 'clean', '-q', '-fd');
  });

  test('a checker as committed is verified with nothing changed', () => {
    expect(verifyChecker(root)).toEqual({ verified: true, changed: [] });
  });

  test('lists changed, added and removed checker files, untracked ones included; learner files do not count', () => {
    writeFileSync(join(root, 'checker/grade.ts'), 'export const grade = 100;\n');
    writeFileSync(join(root, 'checker/suites/01-x/extra file.ts'), 'new\n');
    writeTree(join(root, 'checker/suites/99-new'), { 'a.test.ts': 'new', 'b.test.ts': 'new' });
    rmSync(join(root, 'tsconfig.json'));
    writeFileSync(join(root, 'package.json'), '{"scripts":{}}\n');
    writeFileSync(join(root, 'chapters/01-x/main.ts'), 'edited\n');
    writeFileSync(join(root, 'README.md'), 'edited\n');
    const { verified, changed } = verifyChecker(root);
    expect(verified).toBe(true);
    expect([...changed].sort()).toEqual([
      'checker/grade.ts',
      'checker/suites/01-x/extra file.ts',
      'checker/suites/99-new/a.test.ts',
      'checker/suites/99-new/b.test.ts',
      'package.json',
      'tsconfig.json',
    ]);
  });

  test('a staged rename lists both paths whole', () => {
    git(root, 'mv', 'checker/grade.ts', 'checker/graded.ts');
    expect([...verifyChecker(root).changed].sort()).toEqual(['checker/grade.ts', 'checker/graded.ts']);
  });

  test('cannot verify without git, or when the maintainers trust the working tree', () => {
    const plain = writeTree(join(work, 'plain'), { 'checker/grade.ts': 'x' });
    expect(verifyChecker(plain)).toEqual({ verified: false, changed: [] });
    mkdirSync(join(root, 'checker/new'), { recursive: true });
    writeFileSync(join(root, 'checker/new/x.ts'), 'x');
    vi.stubEnv('CHECKER_TRUST_WORKTREE', '1');
    expect(verifyChecker(root)).toEqual({ verified: false, changed: [] });
  });
});
