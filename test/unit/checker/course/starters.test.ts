import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../../../checker/course/files.ts';
import { committedStarters, readStarters } from '../../../../checker/course/starters.ts';
import { tempDir } from '../../support/temp.ts';

/** Runs committedStarters in a fresh process on another course folder, as CHECKER_COURSE names it. */
function committedIn(course: string) {
  const module = join(REPO_ROOT, 'checker', 'course', 'starters.ts');
  const script = `const { committedStarters } = await import(${JSON.stringify(module)}); console.log(JSON.stringify(committedStarters()));`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, CHECKER_COURSE: course, CHECKER_TRUST_WORKTREE: '1' },
  });
}

describe('committedStarters', () => {
  test('is the committed index, read once: every call returns the same object', () => {
    expect(committedStarters()).toEqual(readStarters());
    expect(committedStarters()).toBe(committedStarters());
  });

  test('is empty for a course that has not recorded starters.json yet', () => {
    const course = tempDir('starters-none');
    const ran = committedIn(course);
    expect(ran.status, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({});
  });

  test('throws on a corrupt starters.json instead of taking it as empty', () => {
    const course = tempDir('starters-corrupt');
    mkdirSync(join(course, 'checker'), { recursive: true });
    writeFileSync(join(course, 'checker', 'starters.json'), '{ not json');
    const ran = committedIn(course);
    expect(ran.status).not.toBe(0);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain('SyntaxError');
  });
});
